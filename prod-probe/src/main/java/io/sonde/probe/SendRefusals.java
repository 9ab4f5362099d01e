package io.sonde.probe;

import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.safety.SendVerdict;

import java.time.Instant;
import java.util.function.Consumer;

/**
 * Why the probe is not sending, told once when it starts and once when it ends, never once per order: a probe
 * held back for hours by a cap or a closed window logs two lines, not thousands.
 */
final class SendRefusals
{
    private final ProbeConfig config;
    private final Consumer<String> log;
    private SendVerdict last = SendVerdict.ALLOWED;

    SendRefusals(final ProbeConfig config, final Consumer<String> log)
    {
        this.config = config;
        this.log = log;
    }

    /**
     * Log {@code verdict} if it differs from the last one reported.
     */
    void report(final SendVerdict verdict)
    {
        if (verdict == last)
        {
            return;
        }
        if (verdict == SendVerdict.ALLOWED)
        {
            log.accept("sending again (" + describe(last) + " no longer applies)");
        }
        else
        {
            log.accept("not sending: " + describe(verdict));
        }
        last = verdict;
    }

    /**
     * @return whether a refusal ends a {@code --once} run: one that no wait would lift.
     */
    boolean stopsOnce(final SendVerdict verdict, final int sent, final int onceOrders)
    {
        if (verdict == SendVerdict.KILL_SWITCH)
        {
            log.accept("cannot run: the kill switch " + config.killSwitch() + " is present");
            return true;
        }
        if (verdict == SendVerdict.OUTSIDE_WINDOW)
        {
            log.accept("cannot run: the trading window closed after " + sent + " of " + onceOrders + " orders");
            return true;
        }
        return false;
    }

    private String describe(final SendVerdict verdict)
    {
        return switch (verdict)
        {
            case KILL_SWITCH -> "the kill switch " + config.killSwitch() + " is present";
            case RATE_CAP -> "cap.orders.per.second " + config.caps().maxOrdersPerSecond() + " reached";
            case OPEN_ORDERS_CAP -> "cap.open.orders " + config.caps().maxOpenOrders() + " reached";
            case DAILY_CAP -> "cap.orders.per.day " + config.caps().maxOrdersPerDay() + " reached";
            case NO_SESSION -> "no FIX session is logged on";
            case OUTSIDE_WINDOW -> "outside the trading window; schedule.window " + config.window().describe() +
                " opens next at " + config.window().nextOpening(Instant.now());
            case ALLOWED -> "nothing";
        };
    }
}
