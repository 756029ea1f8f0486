/**
 * @module editor/pages/members-page — the chosen organisation's people: everyone sees who is in
 * it; owners rename it, invite people by email (a link they open to accept: nobody joins
 * without consenting), revoke pending invitations, change roles and remove people; anyone may leave. The server keeps the last owner.
 */
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import type { InvitationView, Member, Role } from '../../contract/accounts.ts';
import { auth, router } from '../stores/app-stores.ts';
import { toasts } from '../stores/toast-store.ts';
import { PageHeader } from './page-header.tsx';

const roles: Role[] = ['owner', 'member'];

function InviteMember({ organisationId, onInvited }: { organisationId: string; onInvited(): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [link, setLink] = useState('');
  const invite = async () => {
    try {
      const sent = await api.invite(organisationId, { email: email.trim(), role });
      setLink(`${window.location.origin}${sent.acceptPath}`);
      toasts.show(`Invitation for ${sent.invitation.email} made: send them the link`, 'success');
      setEmail('');
      onInvited();
    } catch (e) {
      toasts.show((e as Error).message, 'error', 8000);
    }
  };
  return (
    <>
      <form className="inline-form wrap" onSubmit={(e) => (e.preventDefault(), void invite())} autoComplete="off">
        <input className="input" type="email" placeholder="Email" aria-label="Invite email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <select className="input small" aria-label="Invite role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {roles.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        <button className="btn btn--primary" disabled={!email.trim()}>Invite</button>
      </form>
      {link && (
        <p className="inline-form" data-testid="invitation-link">
          <span className="muted">They join by opening this link (valid 7 days; shown once):</span>
          <input className="input" readOnly aria-label="Invitation link" value={link} onFocus={(e) => e.target.select()} />
          <button className="btn" onClick={() => void navigator.clipboard?.writeText(link)}>Copy</button>
        </p>
      )}
    </>
  );
}

function PendingInvitations({ organisationId, list, onChange }: { organisationId: string; list: InvitationView[]; onChange(): void }) {
  if (list.length === 0) return null;
  const revoke = (i: InvitationView) => api.revokeInvitation(organisationId, i.id).then(onChange, (e: Error) => toasts.show(e.message, 'error', 8000));
  return (
    <ul className="flow-list">
      {list.map((i) => (
        <li className="flow-row" key={i.id} data-testid="invitation-row">
          <div className="flow-row-main">
            <span className="flow-name">{i.email}</span>
            <span className="card-meta">invited as {i.role} · until {new Date(i.expiresAt).toLocaleDateString()}</span>
          </div>
          <button className="btn btn--ghost btn--danger-text" onClick={() => void revoke(i)}>Revoke</button>
        </li>
      ))}
    </ul>
  );
}

function RenameOrganisation({ id, name }: { id: string; name: string }) {
  const [text, setText] = useState(name);
  const save = () => auth.renameOrganisation(id, text.trim()).then(() => toasts.show('Organisation renamed', 'success'), (e: Error) => toasts.show(e.message, 'error', 8000));
  return (
    <form className="inline-form" onSubmit={(e) => (e.preventDefault(), void save())}>
      <input className="input" aria-label="Organisation name" value={text} onChange={(e) => setText(e.target.value)} />
      <button className="btn" disabled={!text.trim() || text.trim() === name}>Rename</button>
    </form>
  );
}

export const MembersPage = observer(function MembersPage() {
  const organisation = auth.organisation;
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invitations, setInvitations] = useState<InvitationView[]>([]);
  const fail = (e: Error) => toasts.show(e.message, 'error', 8000);
  const reload = useCallback(() => {
    if (!organisation) return;
    void api.members(organisation.id).then(setMembers, fail);
    if (organisation.role === 'owner') void api.invitations(organisation.id).then(setInvitations, fail);
  }, [organisation]);
  useEffect(() => void reload(), [reload]);
  if (!organisation) return null;
  const owner = organisation.role === 'owner';
  const me = auth.user?.id;
  const setRole = (m: Member, role: Role) => api.setRole(organisation.id, m.id, role).then(reload, fail);
  const remove = async (m: Member) => {
    try {
      await api.removeMember(organisation.id, m.id);
      if (m.id === me) {
        await auth.check();
        router.go({ page: 'projects' });
      } else await reload();
    } catch (e) {
      fail(e as Error);
    }
  };
  return (
    <div className="page">
      <PageHeader crumbs={<span>Members</span>} />
      <main className="list-page">
        <h1>
          {organisation.name} <span className="muted">· members</span>
        </h1>
        {owner && <RenameOrganisation key={organisation.id} id={organisation.id} name={organisation.name} />}
        <h2>People</h2>
        {owner ? <InviteMember organisationId={organisation.id} onInvited={reload} /> : <p className="muted">Owners invite people and change roles.</p>}
        {owner && <PendingInvitations organisationId={organisation.id} list={invitations} onChange={reload} />}
        <ul className="flow-list">
          {members?.map((m) => (
            <li className="flow-row" key={m.id} data-testid="member-row">
              <div className="flow-row-main">
                <span className="flow-name">{m.name}</span>
                <span className="card-meta">{m.email}{m.id === me ? ' · you' : ''}</span>
              </div>
              {owner ? (
                <select className="input small" aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => void setRole(m, e.target.value as Role)}>
                  {roles.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              ) : (
                <span className="pill">{m.role}</span>
              )}
              {(owner || m.id === me) && (
                <button className="btn btn--ghost btn--danger-text" onClick={() => void remove(m)}>
                  {m.id === me ? 'Leave' : 'Remove'}
                </button>
              )}
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
});
