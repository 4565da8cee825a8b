// TODO(issue 29): the news screen.
export function NewsScreen() {
  return null;
}
