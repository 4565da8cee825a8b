// TODO(issue 29): the realNames screen.
export function RealNamesScreen() {
  return null;
}
