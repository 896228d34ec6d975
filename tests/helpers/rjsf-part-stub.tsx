/** Stands in for one of rjsf's field or widget files in unit tests (see jest.config.js). */
export default function RjsfPart() {
  return null;
}
