// Placeholder export so the route table compiles; the posts feature replaces it.
export function ExplorePage() {
  return <h1>ExplorePage</h1>;
}
