/**
 * Signed links inside responses. Responses are stored with the links they
 * were returned with; every later read (cache hit, snapshot, job poll)
 * re-signs them from the recorded object keys, so a link is never older
 * than the read that handed it out.
 *
 * @module
 */
import type { BlobStore } from '../ports/blob-store.ts';
import type { SignedAsset } from '../ports/requests.ts';

export interface SignedLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/** Collects the links an operation puts into its result, with where they sit. */
export class AssetCollector {
  readonly assets: SignedAsset[] = [];
  private earliest?: Date;

  constructor(
    private readonly blobs: BlobStore,
    private readonly now: () => Date,
  ) {}

  async sign(objectKey: string, ttlSeconds: number, path: readonly (string | number)[]): Promise<SignedLink> {
    const url = await this.blobs.presignGet(objectKey, ttlSeconds);
    const expiresAt = new Date(this.now().getTime() + ttlSeconds * 1000);
    this.assets.push({ path, objectKey, ttlSeconds });
    if (!this.earliest || expiresAt < this.earliest) this.earliest = expiresAt;
    return { url, expiresAt };
  }

  get earliestExpiry(): Date | undefined {
    return this.earliest;
  }
}

function setAt(target: any, path: readonly (string | number)[], value: unknown): boolean {
  let node = target;
  for (const step of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object' || !(step in node)) return false;
    node = node[step];
  }
  const last = path[path.length - 1];
  if (node === null || typeof node !== 'object') return false;
  node[last] = value;
  return true;
}

function deleteAt(target: any, path: readonly (string | number)[]): void {
  let node = target;
  for (const step of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = node[step];
  }
  if (node && typeof node === 'object') delete node[path[path.length - 1]];
}

/**
 * Returns a copy of `response` with every asset link freshly signed and
 * `assets_expire_at` set to the earliest expiry (removed when there are none).
 * A link that cannot be signed is removed, as the spec allows for page images.
 * `pathPrefix` locates the assets when the response is nested (job records).
 */
export async function resignAssets<T extends Record<string, any>>(
  response: T,
  assets: readonly SignedAsset[],
  blobs: BlobStore,
  now: Date,
): Promise<T> {
  const copy = structuredClone(response) as Record<string, any>;
  let earliest: Date | undefined;
  await Promise.all(
    assets.map(async (asset) => {
      try {
        const url = await blobs.presignGet(asset.objectKey, asset.ttlSeconds);
        if (!setAt(copy, asset.path, url)) return;
        const expiresAt = new Date(now.getTime() + asset.ttlSeconds * 1000);
        if (!earliest || expiresAt < earliest) earliest = expiresAt;
      } catch {
        deleteAt(copy, asset.path);
      }
    }),
  );
  if (earliest) copy.assets_expire_at = earliest.toISOString();
  else delete copy.assets_expire_at;
  return copy as T;
}
