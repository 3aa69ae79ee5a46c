// What a form shows next to a field before it sends: the problem with the
// value (the core's own message) and a count of characters against the limit.

/** The ids to tie a field's notes to its input with `aria-describedby`. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The problem with a field's value, announced as it appears; nothing when there is none. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return (
    <div aria-live="polite">
      {error && (
        <p id={id} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** `used/max` characters; marked once `used` passes `max`. */
export function CharCount({
  id,
  used,
  max,
  className = '',
}: {
  id: string;
  used: number;
  max: number;
  className?: string;
}) {
  return (
    <span id={id} className={`char-count${used > max ? ' char-count--over' : ''} ${className}`.trim()}>
      {used}/{max}
      <span className="visually-hidden"> characters</span>
    </span>
  );
}
