// Placeholder export so the route table compiles; the posts feature replaces it.
export function BookmarksPage() {
  return <h1>BookmarksPage</h1>;
}
