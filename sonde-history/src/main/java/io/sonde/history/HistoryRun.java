package io.sonde.history;

import java.util.List;
import java.util.Map;

/**
 * One recorded run or sweep, as the history lists it.
 *
 * @param id          the history's number for it, what {@code sonde report ID} and {@code --baseline ID} take.
 * @param kind        {@code run} or {@code sweep}.
 * @param scenario    the name of its setup: runs of one scenario are compared with each other.
 * @param startedAtMs when it started, epoch milliseconds.
 * @param recordedAtMs when it was recorded.
 * @param target      the system it drove.
 * @param commandLine the arguments it was started with.
 * @param labels      the labels given with {@code --label}.
 */
public record HistoryRun(
    long id,
    String kind,
    String scenario,
    long startedAtMs,
    long recordedAtMs,
    String target,
    List<String> commandLine,
    Map<String, String> labels)
{
    /**
     * @return e.g. {@code build=1234,branch=main}, or {@code ""}.
     */
    public String describeLabels()
    {
        final StringBuilder text = new StringBuilder();
        labels.forEach((name, value) -> text.append(text.length() == 0 ? "" : ",").append(name).append('=')
            .append(value));
        return text.toString();
    }
}
