package io.sonde.exchange.host;

import io.sonde.api.Fault;

import java.time.Instant;
import java.util.Objects;

/**
 * A fault as it was applied to a member process of the bundled exchange: which member, when by the wall clock, and
 * what was done.
 *
 * @param fault          the fault of the schedule.
 * @param member         the cluster member id it acted on.
 * @param wallClockStart when it began.
 * @param wallClockEnd   when it was over (the member continued or restarted).
 * @param description    what was done, e.g. {@code SIGSTOP member 1 (pid 4242), SIGCONT after 2s}.
 */
public record FaultOnMember(Fault fault, int member, Instant wallClockStart, Instant wallClockEnd,
    String description)
{
    /**
     * @throws NullPointerException for a missing component.
     */
    public FaultOnMember
    {
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(wallClockStart, "wallClockStart");
        Objects.requireNonNull(wallClockEnd, "wallClockEnd");
        Objects.requireNonNull(description, "description");
    }
}
