//! The one sort of the module. Every ordering the core needs (feeds, search
//! results, comments) sorts positions, `usize`s, with a comparator passed
//! as `&dyn Fn`: `sort_unstable_by` and `select_nth_unstable_by` are then
//! compiled once, not once per element type and key closure.

use std::cmp::Ordering;

/// How two positions compare.
pub type ByPosition<'a> = &'a dyn Fn(usize, usize) -> Ordering;

/// `positions` sorted by `by`.
pub fn sort(positions: &mut [usize], by: ByPosition<'_>) {
    positions.sort_unstable_by(|&a, &b| by(a, b));
}

/// The `limit` first positions by `by`, sorted: only those are sorted, so
/// the first page of 10,000 matches costs a selection, not a whole sort.
pub fn first(mut positions: Vec<usize>, limit: usize, by: ByPosition<'_>) -> Vec<usize> {
    if limit < positions.len() {
        positions.select_nth_unstable_by(limit, |&a, &b| by(a, b));
        positions.truncate(limit);
    }
    sort(&mut positions, by);
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_is_the_head_of_the_sorted_positions() {
        let keys = [5, 1, 9, 5, 0, 9, 3];
        let by = |a: usize, b: usize| (keys[a], a).cmp(&(keys[b], b));
        let mut all: Vec<usize> = (0..keys.len()).collect();
        sort(&mut all, &by);
        assert_eq!(all, [4, 1, 6, 0, 3, 2, 5]);
        for limit in 0..=keys.len() + 1 {
            let head = first((0..keys.len()).collect(), limit, &by);
            assert_eq!(head, all[..limit.min(keys.len())]);
        }
    }
}
