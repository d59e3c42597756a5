// SaxonJS 3 (npm saxonjs-he) ships no types: the one call the readers make (decision 086).
declare module 'saxonjs-he' {
  interface TransformOptions {
    stylesheetInternal: unknown;
    stylesheetBaseURI?: string;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: { transform(options: TransformOptions): { principalResult: string } };
  export default SaxonJS;
}
