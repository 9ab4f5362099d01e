package io.sonde.loadgen.idle;

import io.sonde.api.IdleMode;

import java.util.Locale;

/**
 * How a run's busy threads waited during a window of it (its measurement): under {@code --idle auto} the share of
 * the window spent busy-spinning and in the spin window, and the switches between them; under any other mode that
 * mode, the whole window. A window whose threads were meant to spin but spent part of it in the spin window
 * measured Sonde's wake-ups as well as the system under test.
 *
 * @param mode            the mode asked for.
 * @param busySpinShare   the share of the window spent busy-spinning, 0 to 1.
 * @param spinWindowShare the share of the window spent in the spin window, 0 to 1.
 * @param switches        switches between the two inside the window.
 * @param seconds         the window's length.
 */
public record IdleShare(IdleMode mode, double busySpinShare, double spinWindowShare, int switches, double seconds)
{
    static IdleShare auto(final double busySpinShare, final int switches, final double seconds)
    {
        return new IdleShare(IdleMode.AUTO, busySpinShare, 1 - busySpinShare, switches, seconds);
    }

    /**
     * @return a window spent wholly in a mode other than {@code auto}.
     */
    public static IdleShare whole(final IdleMode mode, final double seconds)
    {
        return new IdleShare(mode, mode == IdleMode.BUSY_SPIN ? 1 : 0, mode == IdleMode.SPIN_WINDOW ? 1 : 0, 0,
            seconds);
    }

    /**
     * @return whether the threads waited one way through the whole window, as decided at its start: a sweep's step
     *         says how they waited only when they switched.
     */
    public boolean oneMode()
    {
        return switches == 0 && (busySpinShare == 0 || spinWindowShare == 0);
    }

    /**
     * @return the console's line, e.g. {@code idle auto: busy-spin 97 %, spin-window 3 % of the measured 15.0 s,
     *         1 switch}.
     */
    public String describe()
    {
        final String shares = mode == IdleMode.AUTO ?
            String.format(Locale.ROOT, "busy-spin %.0f %%, spin-window %.0f %%", busySpinShare * 100,
                spinWindowShare * 100) :
            mode + " 100 %";
        return String.format(Locale.ROOT, "threads: %s of the measured %.1f s, %d switch%s", shares, seconds,
            switches, switches == 1 ? "" : "es");
    }

}
