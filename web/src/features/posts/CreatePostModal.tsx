// Placeholder export so the layout compiles; the posts feature replaces it.
export function CreatePostModal(_props: { open: boolean; onClose: () => void }) {
  return null;
}
