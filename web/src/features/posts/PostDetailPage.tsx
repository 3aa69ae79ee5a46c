// Placeholder export so the route table compiles; the posts feature replaces it.
export function PostDetailPage() {
  return <h1>PostDetailPage</h1>;
}
