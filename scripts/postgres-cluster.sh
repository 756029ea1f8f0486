#!/usr/bin/env bash
# The PostgreSQL server the Postgres tests use, as .ci/run and `npm test` (scripts/test-postgres.ts,
# as root) set it up on Debian: installs `postgresql` when psql or pg_ctlcluster is missing (a fresh
# cluster is set to trust 127.0.0.1 and ::1, as on a developer's machine), then starts the newest
# cluster when nothing answers on 5432. Does nothing when WEFT_TEST_POSTGRES_URL names a server.
set -euo pipefail
[ -z "${WEFT_TEST_POSTGRES_URL:-}" ] || exit 0

fresh_postgres=no
if ! command -v psql >/dev/null 2>&1 || ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "installing: postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
  fresh_postgres=yes
fi

postgres_answers() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
version="$(ls /etc/postgresql | sort -V | tail -n 1)"
if [ "$fresh_postgres" = yes ]; then
  # the tests connect as postgres over TCP without a password
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  printf 'host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' | cat - "$hba" >"$hba.weft" && mv "$hba.weft" "$hba"
  chown postgres:postgres "$hba"
  # the package may have started the cluster already: it reads pg_hba.conf again
  postgres_answers && pg_ctlcluster --skip-systemctl-redirect "$version" main reload
fi
postgres_answers || pg_ctlcluster --skip-systemctl-redirect "$version" main start
for _ in $(seq 1 40); do postgres_answers && exit 0; sleep 0.25; done
echo "PostgreSQL does not answer on 127.0.0.1:5432" >&2
exit 1
