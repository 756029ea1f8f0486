/**
 * @module catalogue/app/smtp-node/ca-certificate — the SMTP credential's CA certificate field:
 * PEM text of one or more certificates (a private relay's certificate authority, or its
 * chain), each one read with node:crypto so a paste that TLS could not use is refused on save,
 * naming the field, rather than failing every mail later. Nothing but certificates is taken:
 * the field is shown unmasked, so a private key pasted by mistake must never be stored.
 */
import { X509Certificate } from 'node:crypto';

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

export const CA_CERTIFICATE_LABEL = 'CA certificate';

/** Why `text` is not usable as the CA certificate field, or null when it is (or is empty). */
export function caCertificateProblem(text: unknown): string | null {
  if (text === undefined || text === null || text === '') return null;
  if (typeof text !== 'string') return `${CA_CERTIFICATE_LABEL} must be PEM text`;
  const pem = text.trim();
  if (!pem) return null;
  const blocks = [...pem.matchAll(BLOCK)];
  if (blocks.some((block) => block[1] !== 'CERTIFICATE')) {
    return `${CA_CERTIFICATE_LABEL} must hold certificates only (-----BEGIN CERTIFICATE-----), not a ${blocks.find((b) => b[1] !== 'CERTIFICATE')![1].toLowerCase()}`;
  }
  const outside = pem.replace(BLOCK, '').trim();
  if (blocks.length === 0 || outside) {
    return `${CA_CERTIFICATE_LABEL} must be PEM text: one or more blocks from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----, nothing else`;
  }
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block[0]);
    } catch (error) {
      const where = blocks.length > 1 ? ` (certificate ${index + 1} of ${blocks.length})` : '';
      return `${CA_CERTIFICATE_LABEL} cannot be read${where}: ${(error as Error).message.replace(/^error:[0-9A-F]+:/, '')}`;
    }
  }
  return null;
}
