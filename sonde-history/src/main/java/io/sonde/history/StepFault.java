package io.sonde.history;

/**
 * How one step's run went through one fault of its schedule, as the history keeps it for queries and for the
 * regression gate, which compares recoveries fault by fault.
 *
 * @param step           the step's folder within the result, as {@link StepPercentiles#step()}.
 * @param index          the fault's place in the step's schedule, from 1, in the order the faults were due.
 * @param fault          the fault as the command line writes it, e.g. {@code 5s:kill-leader}.
 * @param recoveryMillis its recovery; null when it never recovered.
 * @param lost           acknowledged orders lost.
 * @param duplicated     orders executed twice.
 * @param unknown        orders left unknown and settled by a status request.
 */
public record StepFault(
    String step, int index, String fault, Double recoveryMillis, long lost, long duplicated, long unknown)
{
    /**
     * @return whether the system recovered from it before the run ended.
     */
    public boolean recovered()
    {
        return recoveryMillis != null;
    }
}
