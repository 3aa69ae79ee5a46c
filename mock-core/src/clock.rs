//! A state's own clock, which a test may set, advance and let run again
//! (docs/testing.md, "The clock"). The platform's clock is still read by the
//! host and passed in: this only maps it to the state's time, so the core
//! stays pure and a request recorded at the state's time replays the same.

use chrono::DateTime;
use serde::Serialize;

/// The earliest and latest times a clock may be set to: years 1970..=9999,
/// which every client parses and `time::format_timestamp` renders unclamped.
const MIN_MS: i64 = 0;
const MAX_MS: i64 = 253_402_300_799_999;

/// How a state's time relates to the platform's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Clock {
    /// The platform's time, as given.
    #[default]
    Real,
    /// Stopped at this time (ms since the epoch) until advanced or resumed.
    Paused(i64),
    /// Running with the platform, this many ms ahead (behind when negative).
    Shifted(i64),
}

/// The clock as `GET __murmur/clock` answers it.
#[derive(Debug, Serialize)]
pub struct ClockView {
    /// The state's time now, RFC 3339 in UTC.
    pub now: String,
    /// `real`, `paused` or `running` (set, then resumed: it runs from there).
    pub mode: &'static str,
}

impl Clock {
    /// The state's time when the platform's is `platform_ms`.
    pub fn now(&self, platform_ms: i64) -> i64 {
        match *self {
            Clock::Real => platform_ms,
            Clock::Paused(at) => at,
            Clock::Shifted(by) => platform_ms.saturating_add(by).clamp(MIN_MS, MAX_MS),
        }
    }

    /// Stops the clock at `iso` (RFC 3339, such as `2026-01-05T08:00:00Z`).
    pub fn set(&mut self, iso: &str) -> Result<(), String> {
        let at = DateTime::parse_from_rfc3339(iso.trim())
            .map_err(|_| {
                format!(
                    "The clock takes a date and time such as \"2026-01-05T08:00:00Z\"; \"{iso}\" is not one"
                )
            })?
            .timestamp_millis();
        if !(MIN_MS..=MAX_MS).contains(&at) {
            return Err("The clock can be set from 1970 to the year 9999".to_owned());
        }
        *self = Clock::Paused(at);
        Ok(())
    }

    /// Moves the clock `ms` forward (paused, it stays paused there; running,
    /// it runs on from there). `ms` must be a whole number, 0 or more.
    pub fn advance(&mut self, ms: f64, platform_ms: i64) -> Result<(), String> {
        if !(ms.is_finite() && ms >= 0.0 && ms.fract() == 0.0 && ms <= MAX_MS as f64) {
            return Err(
                "The clock advances by a whole number of milliseconds, 0 or more".to_owned(),
            );
        }
        // In range: a whole number from 0 to MAX_MS.
        #[allow(clippy::cast_possible_truncation)]
        let by = ms as i64;
        let to = self
            .now(platform_ms)
            .saturating_add(by)
            .clamp(MIN_MS, MAX_MS);
        *self = match *self {
            Clock::Paused(_) => Clock::Paused(to),
            Clock::Real | Clock::Shifted(_) => Clock::Shifted(to.saturating_sub(platform_ms)),
        };
        Ok(())
    }

    /// Lets a paused clock run again from the time it shows.
    pub fn resume(&mut self, platform_ms: i64) {
        if let Clock::Paused(at) = *self {
            *self = Clock::Shifted(at.saturating_sub(platform_ms));
        }
    }

    /// Back to the platform's time.
    pub fn real(&mut self) {
        *self = Clock::Real;
    }

    pub fn view(&self, platform_ms: i64) -> ClockView {
        ClockView {
            now: crate::time::format_timestamp(self.now(platform_ms), 0).replace("+00:00", "Z"),
            mode: match self {
                Clock::Real => "real",
                Clock::Paused(_) => "paused",
                Clock::Shifted(_) => "running",
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_795_000_000_000;

    #[test]
    fn set_stops_the_clock_and_advance_moves_it() {
        let mut clock = Clock::default();
        assert_eq!(clock.now(T), T);
        clock.set("2026-01-05T08:00:00Z").unwrap();
        let at = crate::time::utc_ms(2026, 1, 5, 8, 0);
        assert_eq!(clock.now(T), at);
        assert_eq!(
            clock.now(T + 60_000),
            at,
            "paused: the platform's time moves nothing"
        );
        clock.advance(7_200_000.0, T).unwrap();
        assert_eq!(clock.now(T + 1), at + 7_200_000);
        assert_eq!(clock.view(T).now, "2026-01-05T10:00:00Z");
        assert_eq!(clock.view(T).mode, "paused");
    }

    #[test]
    fn resume_runs_on_from_the_time_shown_and_real_goes_back() {
        let mut clock = Clock::default();
        clock.set("2026-01-05T08:00:00+01:00").unwrap();
        let at = crate::time::utc_ms(2026, 1, 5, 7, 0);
        clock.resume(T);
        assert_eq!(clock.now(T), at);
        assert_eq!(clock.now(T + 5_000), at + 5_000);
        assert_eq!(clock.view(T).mode, "running");
        clock.advance(1_000.0, T).unwrap();
        assert_eq!(clock.now(T), at + 1_000);
        clock.real();
        assert_eq!(clock.now(T), T);
        let mut real = Clock::default();
        real.advance(3_000.0, T).unwrap();
        assert_eq!(
            real.now(T + 10),
            T + 3_010,
            "a real clock advanced runs ahead"
        );
    }

    #[test]
    fn bad_times_are_refused_and_change_nothing() {
        let mut clock = Clock::Paused(5);
        for bad in ["", "yesterday", "2026-13-01T00:00:00Z", "2026-01-05"] {
            let message = clock.set(bad).unwrap_err();
            assert!(
                message.contains("such as \"2026-01-05T08:00:00Z\""),
                "{message}"
            );
        }
        assert_eq!(
            clock.set("1969-12-31T23:59:59Z").unwrap_err(),
            "The clock can be set from 1970 to the year 9999"
        );
        for bad in [-1.0, 0.5, f64::NAN, f64::INFINITY, 1e300] {
            assert!(clock.advance(bad, T).is_err(), "{bad}");
        }
        assert_eq!(clock, Clock::Paused(5));
    }
}
