import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearchQuery } from '../../features/search/searchApi';
import { tagPath } from '../../lib/hashtags';

/** The results page of a search (the page itself is a route of its own, loaded when opened). */
export function searchPath(q: string): string {
  return `/search?q=${encodeURIComponent(q)}`;
}

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 200;

interface Option {
  key: string;
  label: string;
  detail: string;
  path: string;
}

/**
 * The header's search field: results as you type (people and tags), then
 * "all results" for the results page. An ARIA combobox: arrows move through
 * the list, Enter opens the chosen result (or the results page), Escape
 * closes the list.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const { data } = useSearchQuery({ q: query, limit: 5 }, { skip: !query });
  const options: Option[] = [];
  if (data && query) {
    for (const u of data.users) {
      options.push({
        key: `u-${u._id}`,
        label: `${u.firstName} ${u.lastName}`,
        detail: `@${u.username}`,
        path: `/profile/${encodeURIComponent(u.username)}`,
      });
    }
    for (const t of data.tags) {
      options.push({
        key: `t-${t.tag}`,
        label: `#${t.tag}`,
        detail: t.count === 1 ? '1 post' : `${t.count} posts`,
        path: tagPath(t.tag),
      });
    }
  }
  if (query) options.push({ key: 'all', label: `Search for “${query}”`, detail: '', path: searchPath(query) });
  const expanded = open && options.length > 0;

  function go(path: string) {
    setOpen(false);
    setActive(-1);
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = expanded ? options[active] : undefined;
      if (chosen) go(chosen.path);
      else if (text.trim()) go(searchPath(text.trim()));
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  }

  return (
    <form className="header-search" role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Search people, posts and tags
      </label>
      <input
        id={`${listId}-input`}
        className="header-search__input"
        // Not type=search: Chromium clears that on Escape, which must only close the list.
        type="text"
        enterKeyHint="search"
        placeholder="Search Murmur"
        autoComplete="off"
        maxLength={100}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Search suggestions" className="header-search__list" hidden={!expanded}>
        {options.map((option, i) => (
          <li
            key={option.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="header-search__option"
            // Chosen before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(option.path);
            }}
          >
            <span className="header-search__label">{option.label}</span>
            {option.detail && <span className="header-search__detail">{option.detail}</span>}
          </li>
        ))}
      </ul>
    </form>
  );
}
