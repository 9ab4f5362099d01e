package io.sonde.fix.engine;

import org.agrona.LangUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

import java.util.Arrays;

/**
 * What an {@link InvokedDuty} runs while one of its components blocks inside its own duty cycle (Artio's framer
 * waiting for the archive, an Aeron client waiting for its driver, a consensus module waiting for its service):
 * the media components and every peer that is not itself on the stack. They run only on the thread that runs the
 * duty's cycle; a wait on any other thread yields to it. The media and peers change from other threads, so each
 * list is replaced whole, never changed in place.
 */
final class WaitingWork
{
    private final String name;
    private final CountingErrorHandler errors;
    private volatile Agent[] media;
    private volatile DutyMember[] peers = new DutyMember[0];
    private volatile Thread dutyThread;

    WaitingWork(final String name, final CountingErrorHandler errors, final Agent[] media)
    {
        this.name = name;
        this.errors = errors;
        this.media = media.clone();
    }

    /**
     * @param thread the thread that now runs the duty's cycle, or null while none does.
     */
    void runOn(final Thread thread)
    {
        dutyThread = thread;
    }

    void addMedia(final Agent agent)
    {
        final Agent[] current = media;
        final Agent[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = agent;
        media = more;
    }

    void removeMedia(final Agent agent)
    {
        media = Arrays.stream(media).filter(candidate -> candidate != agent).toArray(Agent[]::new);
    }

    void addPeer(final DutyMember member)
    {
        final DutyMember[] current = peers;
        final DutyMember[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = member;
        peers = more;
    }

    void removePeer(final DutyMember member)
    {
        peers = Arrays.stream(peers).filter(peer -> peer != member).toArray(DutyMember[]::new);
    }

    /**
     * @return an agent whose cycle runs the media if on the duty's thread, for an Aeron client's driver invoker.
     */
    Agent media()
    {
        return new MediaWhileWaiting();
    }

    /**
     * @return an idle strategy whose each step runs the media and the peers if on the duty's thread.
     */
    IdleStrategy idleStrategy()
    {
        return new MediaIdleStrategy();
    }

    private int runMediaIfOnDutyThread()
    {
        if (Thread.currentThread() != dutyThread)
        {
            Thread.yield();
            return 0;
        }
        int work = 0;
        for (final Agent agent : media)
        {
            try
            {
                work += agent.doWork();
            }
            catch (final Exception ex)
            {
                LangUtil.rethrowUnchecked(ex);
            }
        }
        return work;
    }

    /**
     * A peer on the stack is the one waiting (or what it waits inside): only the others run.
     */
    private int runPeersIfOnDutyThread()
    {
        if (Thread.currentThread() != dutyThread)
        {
            return 0;
        }
        int work = 0;
        for (final DutyMember peer : peers)
        {
            if (peer.isStarted() && !peer.isOnStack())
            {
                try
                {
                    work += peer.doWork();
                }
                catch (final Exception ex)
                {
                    // As on the duty's own cycle: reported and counted, and the waiting component waits on.
                    errors.onError(ex);
                }
            }
        }
        return work;
    }

    private final class MediaWhileWaiting implements Agent
    {
        public int doWork()
        {
            return runMediaIfOnDutyThread();
        }

        public String roleName()
        {
            return name + "-media-while-waiting";
        }
    }

    private final class MediaIdleStrategy implements IdleStrategy
    {
        public void idle(final int workCount)
        {
            if (workCount <= 0)
            {
                idle();
            }
        }

        public void idle()
        {
            if (runMediaIfOnDutyThread() + runPeersIfOnDutyThread() == 0)
            {
                Thread.onSpinWait();
            }
        }

        public void reset()
        {
        }
    }
}
