package io.sonde.fix.engine;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * Backs off while the duty has no attached work, and waits as the attached work asks while it has: one
 * volatile read per idle step.
 */
final class SwitchingIdleStrategy implements IdleStrategy
{
    private volatile IdleStrategy defaultIdle = new BackoffIdleStrategy();
    private volatile IdleStrategy current = defaultIdle;
    private boolean attached;

    synchronized void defaultTo(final IdleStrategy idle)
    {
        defaultIdle = idle;
        if (!attached)
        {
            current = idle;
        }
    }

    synchronized void use(final IdleStrategy idle)
    {
        attached = true;
        current = idle;
    }

    synchronized void useDefault()
    {
        attached = false;
        current = defaultIdle;
    }

    public void idle(final int workCount)
    {
        current.idle(workCount);
    }

    public void idle()
    {
        current.idle();
    }

    public void reset()
    {
        current.reset();
    }
}
