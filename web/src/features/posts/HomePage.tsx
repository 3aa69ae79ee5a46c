// Placeholder export so the route table compiles; the posts feature replaces it.
export function HomePage() {
  return <h1>HomePage</h1>;
}
