package io.sonde.inprocess.run;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.sonde.api.RunSummary;

/**
 * The {@code summary.json} of {@code sonde replay}: a run's summary (a request is one recorded message; the
 * stages are its MsgTypes: new-ack for D, cancel for F, replace for G), then what was read and replayed.
 *
 * @param run    as {@code sonde run} reports it.
 * @param replay what the log held and what became of each line.
 */
public record ReplaySummary(@JsonUnwrapped RunSummary run, ReplayCounts replay)
{
}
