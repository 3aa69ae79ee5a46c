//! Timestamps: the core stores milliseconds since the Unix epoch and renders
//! them as `YYYY-MM-DDTHH:MM:SS+HH:MM` in the caller's zone offset.
//!
//! The civil-date conversions are Howard Hinnant's `days_from_civil` and
//! `civil_from_days` (<https://howardhinnant.github.io/date_algorithms.html>),
//! which keep the module free of a date library.

use crate::json_write::push_padded;

const MS_PER_DAY: i64 = 86_400_000;
/// Offsets beyond ±23:59 are clamped; no real zone comes close.
const MAX_OFFSET_MINUTES: i32 = 1439;
/// Renderable range: years 0..=9999 (about ±2.5e14 ms around 1970).
const MIN_MS: i64 = -62_167_219_200_000;
const MAX_MS: i64 = 253_402_300_799_999;

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub const fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 {
        year.wrapping_sub(1)
    } else {
        year
    };
    let era = y.div_euclid(400);
    let yoe = y.wrapping_sub(era.wrapping_mul(400));
    let mp = if month > 2 {
        month.wrapping_sub(3)
    } else {
        month.wrapping_add(9)
    };
    let doy = mp
        .wrapping_mul(153)
        .wrapping_add(2)
        .wrapping_div(5)
        .wrapping_add(day)
        .wrapping_sub(1);
    let doe = yoe
        .wrapping_mul(365)
        .wrapping_add(yoe.wrapping_div(4))
        .wrapping_sub(yoe.wrapping_div(100))
        .wrapping_add(doy);
    era.wrapping_mul(146_097)
        .wrapping_add(doe)
        .wrapping_sub(719_468)
}

/// The (year, month, day) of a count of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days.wrapping_add(719_468);
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = doe
        .wrapping_sub(doe.wrapping_div(1460))
        .wrapping_add(doe.wrapping_div(36_524))
        .wrapping_sub(doe.wrapping_div(146_096))
        .wrapping_div(365);
    let doy = doe.wrapping_sub(
        yoe.wrapping_mul(365)
            .wrapping_add(yoe.wrapping_div(4))
            .wrapping_sub(yoe.wrapping_div(100)),
    );
    let mp = doy.wrapping_mul(5).wrapping_add(2).wrapping_div(153);
    let day = doy
        .wrapping_sub(mp.wrapping_mul(153).wrapping_add(2).wrapping_div(5))
        .wrapping_add(1);
    let month = if mp < 10 {
        mp.wrapping_add(3)
    } else {
        mp.wrapping_sub(9)
    };
    let year = yoe
        .wrapping_add(era.wrapping_mul(400))
        .wrapping_add(i64::from(month <= 2));
    (year, month, day)
}

/// Milliseconds since the epoch of a UTC date and time (for fixed seed dates).
pub const fn utc_ms(year: i64, month: i64, day: i64, hour: i64, minute: i64) -> i64 {
    days_from_civil(year, month, day)
        .wrapping_mul(MS_PER_DAY)
        .wrapping_add(hour.wrapping_mul(3_600_000))
        .wrapping_add(minute.wrapping_mul(60_000))
}

/// `epoch_ms` rendered in the zone `offset_minutes` east of UTC.
pub fn format_timestamp(epoch_ms: i64, offset_minutes: i32) -> String {
    let offset = offset_minutes.clamp(-MAX_OFFSET_MINUTES, MAX_OFFSET_MINUTES);
    let local_ms = epoch_ms
        .clamp(MIN_MS, MAX_MS)
        .wrapping_add(i64::from(offset).wrapping_mul(60_000))
        .clamp(MIN_MS, MAX_MS);
    let days = local_ms.div_euclid(MS_PER_DAY);
    let secs_of_day = local_ms.rem_euclid(MS_PER_DAY).wrapping_div(1000);
    let (year, month, day) = civil_from_days(days);
    let abs = i64::from(offset.unsigned_abs());
    // `{year:04}-{month:02}-{day:02}T{hh:02}:{mm:02}:{ss:02}{sign}{oh:02}:{om:02}`
    // (every part is non-negative after the clamps), each part followed
    // by its separator.
    let parts = [
        (year, 4, '-'),
        (month, 2, '-'),
        (day, 2, 'T'),
        (secs_of_day.wrapping_div(3600), 2, ':'),
        (secs_of_day.rem_euclid(3600).wrapping_div(60), 2, ':'),
        (
            secs_of_day.rem_euclid(60),
            2,
            if offset < 0 { '-' } else { '+' },
        ),
        (abs.wrapping_div(60), 2, ':'),
        (abs.rem_euclid(60), 2, ' '),
    ];
    let mut out = String::with_capacity(26);
    for (n, width, then) in parts {
        push_padded(&mut out, n.unsigned_abs(), width);
        out.push(then);
    }
    out.pop();
    out
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
    fn epoch_and_leap_days_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(format_timestamp(0, 0), "1970-01-01T00:00:00+00:00");
        let leap = utc_ms(2024, 2, 29, 23, 59);
        assert_eq!(format_timestamp(leap, 0), "2024-02-29T23:59:00+00:00");
        assert_eq!(format_timestamp(leap, 60), "2024-03-01T00:59:00+01:00");
        for days in [-800_000, -1, 0, 1, 59, 60, 365, 11_016, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "day {days}");
        }
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
