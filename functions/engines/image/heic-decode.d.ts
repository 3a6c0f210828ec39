declare module 'heic-decode' {
  interface DecodedImage {
    readonly width: number;
    readonly height: number;
    /** RGBA, 8 bits per channel. */
    readonly data: Uint8ClampedArray;
  }
  /** A top-level image of the file: its size read from the container, pixels decoded on demand. */
  interface HeicImage {
    readonly width: number;
    readonly height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  namespace decode {
    /** Parses the container only; call `dispose()` on the result when done. */
    function all(input: { buffer: Uint8Array | ArrayBuffer }): Promise<HeicImage[] & { dispose(): void }>;
  }
  export default decode;
}
