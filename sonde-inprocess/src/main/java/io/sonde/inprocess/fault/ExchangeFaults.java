package io.sonde.inprocess.fault;

import io.sonde.api.Fault;
import io.sonde.api.FaultKind;

/**
 * What applies faults to the bundled exchange's members ({@link FaultKind#onExchange()}): whoever started the
 * members. Called on the run's sleeping fault scheduler thread, never on the load thread, so {@link #apply} may
 * block for as long as the fault takes.
 */
public interface ExchangeFaults
{
    /**
     * @return whether this exchange can apply faults of that kind.
     */
    boolean supports(FaultKind kind);

    /**
     * @return why it cannot apply faults of that kind, e.g. {@code needs --nodes 3}; empty when it can.
     */
    String whyNot(FaultKind kind);

    /**
     * Apply the fault, blocking until it is over (a paused leader continued, a killed gateway restarted).
     *
     * @param fault a fault of a kind this exchange {@link #supports}.
     * @return what was done, and when.
     * @throws IllegalStateException when it could not be applied, saying why.
     */
    AppliedFault apply(Fault fault);
}
