// Placeholder export so the layout compiles; the users feature replaces it.
export function WhoToFollow() {
  return null;
}
