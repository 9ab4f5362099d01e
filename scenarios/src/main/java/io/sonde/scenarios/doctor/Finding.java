package io.sonde.scenarios.doctor;

/**
 * One fact about the host, what it means for latency measurements, and what to do about it.
 *
 * @param level  OK (helps or harmless), INFO (worth knowing), WARN (adds jitter: fix it on a host used for
 *               measurements).
 * @param fact   what was looked at.
 * @param value  what was found ("unknown" when the host does not show it).
 * @param advice why it matters and what to change.
 */
public record Finding(Level level, String fact, String value, String advice)
{
    public enum Level
    {
        OK, INFO, WARN
    }
}
