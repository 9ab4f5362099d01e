package io.sonde.scenarios.calibrate;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.sonde.loadgen.result.RunSummary;

import java.util.List;

/**
 * The {@code summary.json} of {@code sonde calibrate}: the usual run fields, covering all rates together,
 * and the {@code floor} array with one entry per rate, which later results are divided by.
 */
public record CalibrationSummary(@JsonUnwrapped RunSummary total, String transport, List<FloorEntry> floor)
{
}
