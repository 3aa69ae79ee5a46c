import { useDispatch, useSelector } from 'react-redux';
import { POST_FILTERS, selectFilter, setFilter } from './feedSlice';

/** The heading '{filter} Posts' and the Oldest / Latest / Trending switch. */
export function FilterBar({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const dispatch = useDispatch();
  const filter = useSelector(selectFilter);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="filter-bar">
      <Heading className="filter-bar__title">{filter} Posts</Heading>
      <div className="filter-bar__options" role="group" aria-label="Sort posts">
        {POST_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            className={`filter-bar__option${option === filter ? ' is-on' : ''}`}
            aria-pressed={option === filter}
            onClick={() => {
              dispatch(setFilter(option));
              window.scrollTo({ top: 0 });
            }}
          >
            {option}
          </button>
        ))}
      </div>
    </div>
  );
}
