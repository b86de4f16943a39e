/** The part of `zipcodes` (8.0.0, untyped) that the build reads. */
declare module 'zipcodes' {
  const zipcodes: {
    codes: Record<
      string,
      { zip: string; city: string; state: string; country: string; latitude: number; longitude: number }
    >;
  };
  export default zipcodes;
}
