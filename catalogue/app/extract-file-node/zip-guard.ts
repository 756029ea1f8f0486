/**
 * @module catalogue/app/extract-file-node/zip-guard — checks a DOCX or XLSX (a zip of XML)
 * before its parser inflates it: the number of entries and the sizes they declare
 * uncompressed (a zip bomb declares gigabytes in kilobytes), then each XML part, inflated by
 * yauzl, which fails an entry that inflates beyond its declared size, is searched for a
 * DOCTYPE: Office documents never carry one, and its entities are how "billion laughs" XML
 * expands to gigabytes.
 */
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import type { ParseLimits } from './limits.ts';
import { ParseFailure } from './parse-types.ts';

const MB = 1024 * 1024;

export async function checkZip(bytes: Uint8Array, limits: ParseLimits): Promise<void> {
  const zip = await openZip(bytes);
  try {
    let entries = 0;
    let declared = 0;
    for await (const entry of entriesOf(zip)) {
      entries += 1;
      declared += entry.uncompressedSize;
      if (entries > limits.maxZipEntries) throw new ParseFailure(`The file holds more than ${limits.maxZipEntries} parts; it is refused`);
      if (declared > limits.maxUncompressedBytes) {
        throw new ParseFailure(`The file unpacks to more than ${Math.round(limits.maxUncompressedBytes / MB)} MB (a zip bomb?); it is refused`);
      }
      if (/\.(xml|rels)$/i.test(entry.fileName) && (await declaresDoctype(zip, entry))) {
        throw new ParseFailure(`The file's part ${entry.fileName} declares a DOCTYPE (XML entity expansion); it is refused`);
      }
    }
  } finally {
    zip.close();
  }
}

export function openZip(bytes: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new ParseFailure(`Invalid or unsupported file format: ${error?.message ?? 'not a zip'}`));
      else resolve(zip);
    });
  });
}

export async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  while (true) {
    const entry = await new Promise<Entry | undefined>((resolve, reject) => {
      const onEntry = (e: Entry) => done(e);
      const onEnd = () => done(undefined);
      const onError = (error: Error) => {
        cleanup();
        reject(new ParseFailure(`Invalid or unsupported file format: ${error.message}`));
      };
      function cleanup() {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      }
      function done(e: Entry | undefined) {
        cleanup();
        resolve(e);
      }
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

/** One part's inflated bytes as a stream (yauzl fails it when it inflates beyond its declared size). */
export function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new ParseFailure(`Invalid or unsupported file format: ${error?.message ?? entry.fileName}`));
      else resolve(stream);
    });
  });
}

/** Inflate one XML part (bounded by its declared size, checked above) and look for a DOCTYPE. */
async function declaresDoctype(zip: ZipFile, entry: Entry): Promise<boolean> {
  const stream = await entryStream(zip, entry);
  return new Promise((resolve, reject) => {
    let tail = '';
    let found = false;
    stream.on('data', (chunk: Buffer) => {
      // keep the last few characters so a DOCTYPE split between two chunks is still seen
      const text = tail + chunk.toString('latin1');
      if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
        found = true;
        stream.destroy();
        resolve(true);
      }
      tail = text.slice(-16);
    });
    stream.on('error', (e: Error) => reject(new ParseFailure(`Invalid or unsupported file format: ${e.message}`)));
    stream.on('end', () => {
      if (!found) resolve(false);
    });
  });
}
