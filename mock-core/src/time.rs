//! Timestamps: the core stores milliseconds since the Unix epoch and renders
//! them as RFC 3339 (`YYYY-MM-DDTHH:MM:SS+HH:MM`) in the caller's zone offset.

use chrono::{DateTime, FixedOffset, NaiveDate, Offset, SecondsFormat, Utc};

/// Offsets beyond ±23:59 are clamped; no real zone comes close.
const MAX_OFFSET_MINUTES: i32 = 1439;
/// Rendered range: years 0..=9999, so every timestamp keeps the four-digit
/// year clients parse (about ±2.5e14 ms around 1970).
const MIN_MS: i64 = -62_167_219_200_000;
const MAX_MS: i64 = 253_402_300_799_999;

/// Milliseconds since the epoch of a UTC date and time (the fixed seed
/// dates; a test checks every one of them is a real date).
pub fn utc_ms(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> i64 {
    NaiveDate::from_ymd_opt(year, month, day)
        .and_then(|date| date.and_hms_opt(hour, minute, 0))
        .map_or(0, |t| t.and_utc().timestamp_millis())
}

/// `epoch_ms` rendered in the zone `offset_minutes` east of UTC.
pub fn format_timestamp(epoch_ms: i64, offset_minutes: i32) -> String {
    let minutes = offset_minutes.clamp(-MAX_OFFSET_MINUTES, MAX_OFFSET_MINUTES);
    let offset = FixedOffset::east_opt(minutes.saturating_mul(60)).unwrap_or(Utc.fix());
    // Clamped so that the local date, too, stays within years 0..=9999.
    let utc_ms = epoch_ms.clamp(
        MIN_MS.saturating_sub(i64::from(minutes.min(0)).saturating_mul(60_000)),
        MAX_MS.saturating_sub(i64::from(minutes.max(0)).saturating_mul(60_000)),
    );
    DateTime::from_timestamp_millis(utc_ms)
        .unwrap_or_default()
        .with_timezone(&offset)
        .to_rfc3339_opts(SecondsFormat::Secs, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_utc_and_offsets() {
        let t = utc_ms(2026, 1, 5, 8, 33) + 9_000;
        assert_eq!(format_timestamp(t, 0), "2026-01-05T08:33:09+00:00");
        assert_eq!(format_timestamp(t, 330), "2026-01-05T14:03:09+05:30");
        assert_eq!(format_timestamp(t, -540), "2026-01-04T23:33:09-09:00");
    }

    #[test]
    fn epoch_and_leap_days() {
        assert_eq!(utc_ms(1970, 1, 1, 0, 0), 0);
        assert_eq!(format_timestamp(0, 0), "1970-01-01T00:00:00+00:00");
        let leap = utc_ms(2024, 2, 29, 23, 59);
        assert_eq!(format_timestamp(leap, 0), "2024-02-29T23:59:00+00:00");
        assert_eq!(format_timestamp(leap, 60), "2024-03-01T00:59:00+01:00");
        assert_eq!(format_timestamp(-1, 0), "1969-12-31T23:59:59+00:00");
    }

    #[test]
    fn extreme_inputs_are_clamped_not_wrapped() {
        assert_eq!(
            format_timestamp(i64::MAX, i32::MAX),
            "9999-12-31T23:59:59+23:59"
        );
        assert_eq!(
            format_timestamp(i64::MIN, i32::MIN),
            "0000-01-01T00:00:00-23:59"
        );
    }
}
