import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  name: string;
  mtime: Date;
  open(): Promise<AsyncIterable<Uint8Array>>;
}

/** Names inside one archive must differ: "a.pdf", "a (2).pdf", "a (3).pdf"… (case-insensitive, as on Windows). */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A zip written while it is read: stored entries (PDFs and images are already compressed),
 * one file open at a time, so memory stays flat whatever the archive's size.
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  async function* generate() {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    const flush = function* () {
      if (failure) throw failure;
      while (out.length) yield out.shift()!;
    };
    const names = uniqueNames(entries.map((e) => e.name));
    for (const [i, entry] of entries.entries()) {
      const file = new ZipPassThrough(names[i]);
      file.mtime = entry.mtime;
      zip.add(file);
      for await (const chunk of await entry.open()) {
        file.push(chunk);
        yield* flush();
      }
      file.push(new Uint8Array(0), true);
      yield* flush();
    }
    zip.end();
    yield* flush();
  }
  return Readable.from(generate(), { objectMode: false });
}
