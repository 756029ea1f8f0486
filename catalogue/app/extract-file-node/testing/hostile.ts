/**
 * @module catalogue/app/extract-file-node/testing/hostile — files made to hurt a parser: a
 * DOCX whose part inflates to gigabytes-per-kilobyte (a zip bomb), a DOCX and an XLSX whose
 * XML expands entities a billion times ("billion laughs"), a PDF of 100,000 pages (a page tree
 * whose branches share their children, so the file stays small), and corrupt files.
 */
import { crc32, createDeflateRaw } from 'node:zlib';
import JSZip from 'jszip';

/** A zip whose one entry, word/document.xml, inflates to `megabytes` of spaces (kilobytes on the wire). */
export async function zipBomb(megabytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let crc = 0;
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return singleEntryZip('word/document.xml', Buffer.concat(parts), crc, megabytes * 1024 * 1024);
}

/** A zip file of one deflated entry (local header, data, central directory, end record). */
function singleEntryZip(name: string, deflated: Buffer, crc: number, size: number): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, deflated, central, nameBytes, end]);
}

/** XML that declares ten entities, each ten times the one before: 10^9 "lol"s when expanded. */
export function billionLaughsXml(root: string): string {
  const entities = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE ${root} [\n${entities.join('\n')}\n]>\n<${root}>&lol9;</${root}>`;
}

/** A real Office file with one of its XML parts replaced. */
export async function withPart(office: Buffer, part: string, xml: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(office);
  zip.file(part, xml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A PDF whose page tree holds `outer` × `inner` pages: the root's kids are `outer` references
 * to one Pages node, whose kids are `inner` references to one page.
 */
export function manyPagesPdf(outer: number, inner: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${outer * inner} /Kids [${' 3 0 R'.repeat(outer)} ] >>`,
    `<< /Type /Pages /Parent 2 0 R /Count ${inner} /Kids [${' 4 0 R'.repeat(inner)} ] >>`,
    '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 200 200] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    '<< /Length 35 >>\nstream\nBT /F1 12 Tf 20 100 Td (lol) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
