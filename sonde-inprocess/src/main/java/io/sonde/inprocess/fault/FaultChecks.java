package io.sonde.inprocess.fault;

import io.sonde.api.Check;
import io.sonde.api.FaultResult;

import java.util.Locale;

/**
 * What each fault of a run is checked on: its recovery (else the reason, e.g. a ResendRequest the venue never
 * answered), and the orders it lost or duplicated (none, else the first ClOrdIDs). The names say what was checked,
 * the details how it went, so each reads true whether the fault recovered or not.
 */
public final class FaultChecks
{
    /** The group of the faults' checks. */
    public static final String GROUP = "fault";

    private FaultChecks()
    {
    }

    /**
     * @param label prefixes the check's name.
     */
    public static Check recovered(final String label, final FaultResult fault)
    {
        final String name = label + "fault " + describe(fault) + " recovery";
        return Check.of(GROUP, name, fault.recovered(), fault.recovered() ?
            String.format(Locale.ROOT, "recovered in %.1f ms; %d order(s) in flight at it: %s",
                fault.recoveryMillis().getAsDouble(), fault.inFlight(), fault.inFlightOutcomes()) :
            "not recovered" + fault.reason().filter(reason -> !reason.isEmpty()).map(reason -> ": " + reason)
                .orElse(""));
    }

    /**
     * @param label prefixes the check's name.
     */
    public static Check ordersKept(final String label, final FaultResult fault)
    {
        final String name = label + "fault " + describe(fault) + " orders lost or duplicated";
        final boolean kept = fault.lost() == 0 && fault.duplicated() == 0;
        return Check.of(GROUP, name, kept, kept ? "none: 0 lost, 0 duplicated" :
            fault.lost() + " lost " + fault.lostClOrdIds() + ", " + fault.duplicated() + " duplicated " +
            fault.duplicatedClOrdIds());
    }

    private static String describe(final FaultResult fault)
    {
        final StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%ss:%s", trimmed(fault.atSeconds()),
            fault.kind().cliName()));
        if (!fault.argument().isEmpty())
        {
            text.append(':').append(fault.argument());
        }
        return text.toString();
    }

    private static String trimmed(final double seconds)
    {
        return seconds == Math.rint(seconds) ? Long.toString((long)seconds) : Double.toString(seconds);
    }
}
