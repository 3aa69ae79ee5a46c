// Placeholder export so the route table compiles; the users feature replaces it.
export function ProfilePage() {
  return <h1>Profile</h1>;
}
