// TODO(issue 29): the companies screen.
export function CompaniesScreen() {
  return null;
}
