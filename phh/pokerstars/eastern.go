package pokerstars

import (
	"strconv"
	"time"
)

// eastern returns t in US Eastern time, which PokerStars writes in brackets
// after the local time ("[2026/11/26 15:05:00 ET]"). It applies the US rule
// in force since 2007 instead of loading a time zone (no I/O): daylight time,
// UTC-4, from 2:00 on the second Sunday of March to 2:00 on the first Sunday
// of November; standard time, UTC-5, otherwise.
func eastern(t time.Time) time.Time {
	u := t.UTC()
	y := u.Year()
	start := nthSunday(y, time.March, 2).Add(7 * time.Hour)  // 2:00 EST
	end := nthSunday(y, time.November, 1).Add(6 * time.Hour) // 2:00 EDT
	if !u.Before(start) && u.Before(end) {
		return u.In(easternDaylight)
	}
	return u.In(easternStandard)
}

var (
	easternStandard = time.FixedZone("ET", -5*3600)
	easternDaylight = time.FixedZone("ET", -4*3600)
)

// nthSunday returns midnight UTC of the n-th Sunday of the month.
func nthSunday(y int, m time.Month, n int) time.Time {
	d := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	d = d.AddDate(0, 0, (7-int(d.Weekday()))%7)
	return d.AddDate(0, 0, 7*(n-1))
}

// appendTime writes a time as PokerStars does: "2026/11/26 9:05:00", the
// hour without a leading zero.
func appendTime(b []byte, t time.Time) []byte {
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	b = appendPad(b, y, 4)
	b = append(b, '/')
	b = appendPad(b, int(mo), 2)
	b = append(b, '/')
	b = appendPad(b, d, 2)
	b = append(b, ' ')
	b = appendPad(b, h, 1)
	b = append(b, ':')
	b = appendPad(b, mi, 2)
	b = append(b, ':')
	return appendPad(b, s, 2)
}

func appendPad(b []byte, v, width int) []byte {
	start := len(b)
	b = strconv.AppendInt(b, int64(v), 10)
	for len(b)-start < width {
		b = append(b, 0)
		copy(b[start+1:], b[start:])
		b[start] = '0'
	}
	return b
}

// zoneLabel returns the zone abbreviation PokerStars writes: the standard
// time's all year round, as its histories show ("2016/05/11 10:23:37 EET"
// in May, "2010/07/03 14:46:30 CET" in July), and the US zones without the
// S or D ("PT", "ET"); other abbreviations as they are.
func zoneLabel(zone string) string {
	switch zone {
	case "CEST":
		return "CET"
	case "EEST":
		return "EET"
	case "WEST":
		return "WET"
	case "EST", "EDT":
		return "ET"
	case "CST", "CDT":
		return "CT"
	case "MST", "MDT":
		return "MT"
	case "PST", "PDT":
		return "PT"
	case "AKST", "AKDT":
		return "AKT"
	case "HST":
		return "HT"
	}
	return zone
}
