declare module 'heic-decode' {
  interface DecodedImage {
    readonly width: number;
    readonly height: number;
    /** RGBA, 8 bits per channel. */
    readonly data: Uint8ClampedArray;
  }
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  export default decode;
}
