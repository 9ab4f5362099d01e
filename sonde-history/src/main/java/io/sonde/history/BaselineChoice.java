package io.sonde.history;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code --baseline} names: {@code last} (the latest recorded run of the same scenario), {@code label:k=v}
 * (the latest of the same scenario carrying that label) or a run id.
 *
 * @param label the label's name and value for {@code label:k=v}, else null.
 * @param runId the run id, else 0.
 */
public record BaselineChoice(Map.Entry<String, String> label, long runId)
{
    private static final String LABEL_PREFIX = "label:";

    public boolean isLast()
    {
        return label == null && runId == 0;
    }

    /**
     * Find the baseline before the new result is recorded, so that {@code last} is never the new run itself.
     *
     * @return empty only for {@code last} when the scenario has no run yet.
     * @throws HistoryException when a named label or run is not in the history, or the run is of another kind.
     */
    Optional<HistoryRun> find(final HistoryDatabase history, final String scenario, final String kind)
    {
        final Optional<HistoryRun> found;
        if (runId != 0)
        {
            found = Optional.of(history.run(runId).orElseThrow(() -> new HistoryException("--baseline " + runId +
                ": no such run in the history " + history.description())));
        }
        else
        {
            final List<HistoryRun> latest = history.runs(scenario,
                label == null ? Map.of() : Map.of(label.getKey(), label.getValue()), 1);
            if (latest.isEmpty() && label != null)
            {
                throw new HistoryException("--baseline " + this + ": no run of scenario '" + scenario + "' carries " +
                    "that label in the history " + history.description());
            }
            found = latest.stream().findFirst();
        }
        found.filter(run -> !run.kind().equals(kind)).ifPresent(run ->
        {
            throw new HistoryException("--baseline " + this + " is a " + run.kind() + " (run " + run.id() + "), this " +
                "is a " + kind);
        });
        return found;
    }

    public String toString()
    {
        return runId != 0 ? Long.toString(runId) : label != null ?
            LABEL_PREFIX + label.getKey() + "=" + label.getValue() : "last";
    }

    /**
     * Reads {@code last}, {@code label:NAME=VALUE} or a run id.
     *
     * @throws IllegalArgumentException quoting the value, with the forms accepted.
     */
    public static BaselineChoice parse(final String value)
    {
        final String text = value.trim();
        if (text.equals("last"))
        {
            return new BaselineChoice(null, 0);
        }
        if (text.startsWith(LABEL_PREFIX))
        {
            final String[] nameAndValue = text.substring(LABEL_PREFIX.length()).split("=", 2);
            if (nameAndValue.length != 2 || nameAndValue[0].isBlank() || nameAndValue[1].isBlank())
            {
                throw new IllegalArgumentException("'" + value + "' is not a label baseline like label:branch=main");
            }
            return new BaselineChoice(Map.entry(nameAndValue[0].trim(), nameAndValue[1].trim()), 0);
        }
        try
        {
            final long id = Long.parseLong(text);
            if (id > 0)
            {
                return new BaselineChoice(null, id);
            }
        }
        catch (final NumberFormatException ignored)
        {
            // named below with the accepted forms
        }
        throw new IllegalArgumentException("'" + value + "' is not a baseline: give last, label:NAME=VALUE or a " +
            "run id from 'sonde history list'");
    }
}
