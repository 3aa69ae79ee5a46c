// Who a `@name` mention names (docs/rules.md, "Mentions"): the user with
// that username exactly, else the one whose username it is ignoring ASCII
// case. A profile is read by its exact username, so the second is found
// under the name in lowercase, as usernames are almost always written.
import { useGetUserByNameQuery } from './apiSlice';

/** The username `name` mentions, once the backend has said; undefined while it is asked, or if nobody has it. */
export function useMentionedUsername(name: string): string | undefined {
  const exact = useGetUserByNameQuery(name);
  const lower = name.toLowerCase();
  const folded = useGetUserByNameQuery(lower, { skip: lower === name || !exact.isError });
  return exact.data?.username ?? (exact.isError ? folded.data?.username : undefined);
}
