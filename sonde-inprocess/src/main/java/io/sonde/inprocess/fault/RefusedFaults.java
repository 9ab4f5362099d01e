package io.sonde.inprocess.fault;

import io.sonde.api.Fault;
import io.sonde.api.FaultKind;

/**
 * An exchange that applies no faults to itself, and says why: the one-member exchange in this process, or a
 * venue Sonde did not start.
 */
public final class RefusedFaults implements ExchangeFaults
{
    private final String reason;

    /**
     * @param reason why no exchange fault can be applied, e.g. {@code needs --nodes 3}.
     */
    public RefusedFaults(final String reason)
    {
        this.reason = reason;
    }

    public boolean supports(final FaultKind kind)
    {
        return false;
    }

    public String whyNot(final FaultKind kind)
    {
        return kind.onExchange() ? reason : kind.cliName() + " is a fault on Sonde's own sessions, not on the exchange";
    }

    public AppliedFault apply(final Fault fault)
    {
        throw new IllegalStateException("--fault " + fault + ": " + whyNot(fault.kind()));
    }
}
