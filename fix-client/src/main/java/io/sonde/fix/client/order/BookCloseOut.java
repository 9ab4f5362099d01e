package io.sonde.fix.client.order;

import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;

/**
 * Leaves nothing behind: once the book flow's run is over, cancels every order still resting. Where the venue takes
 * a mass cancel, it starts with one OrderMassCancelRequest per session ({@link BookMassCancel}) and waits, at most
 * half its time, for the venue's reports; whatever is still resting then (all of it, when the venue refused the
 * request or never answered) is cancelled one by one, oldest first, one OrderCancelRequest each, keeping at most the
 * order table's capacity in flight, until every cancel is answered or the time is up. The cancels are orders of
 * their own, numbered after the run's last, so their answers cannot be taken for a request of the run's; what they
 * came to goes to the {@link BookTally}. Runs as an {@link Agent} on the thread that polls the FIX library.
 */
public final class BookCloseOut implements Agent
{
    private final FixOrderTransport transport;
    private final OrderTable orders;
    private final BookActions book;
    private final BookTally tally;
    private final FollowUps followUps;
    private final NanoClock clock;
    private final long deadlineNanos;
    private final long massDeadlineNanos;
    private final long massWaitNanos;
    private final BookMassCancel massCancel;
    private final long firstNumber;
    private final Answers answers = new Answers();
    private long nextNumber;
    private int unsentSlot = -1;
    private long sent;
    private boolean massEnded;
    private volatile boolean done;

    BookCloseOut(
        final FixOrderTransport transport,
        final OrderTable orders,
        final BookActions book,
        final BookTally tally,
        final FollowUps followUps,
        final NanoClock clock,
        final long timeoutNanos,
        final BookMassCancel massCancel)
    {
        this.transport = transport;
        this.orders = orders;
        this.book = book;
        this.tally = tally;
        this.followUps = followUps;
        this.clock = clock;
        // Nothing resting, nothing to mass cancel: the close-out is one by one, of nothing.
        this.massCancel = book.resting().size() == 0 ? null : massCancel;
        this.deadlineNanos = clock.nanoTime() + timeoutNanos;
        this.massWaitNanos = timeoutNanos / 2;
        this.massDeadlineNanos = clock.nanoTime() + massWaitNanos;
        this.massEnded = this.massCancel == null;
        this.firstNumber = orders.nextNumber() + orders.capacity();
        this.nextNumber = firstNumber;
    }

    /**
     * @return whether every resting order's cancel has been answered, or the time is up; any thread.
     */
    public boolean done()
    {
        return done;
    }

    public int doWork()
    {
        if (done)
        {
            return 0;
        }
        final long nowNanos = clock.nanoTime();
        int work = transport.poll(answers);
        if (!massEnded)
        {
            work += massCancel(nowNanos);
        }
        else
        {
            work += sendCancels(nowNanos);
        }
        final RestingBook resting = book.resting();
        tally.sample(nowNanos, resting.size());
        final long answered = answers.cancelled + answers.refused;
        if (massEnded && resting.size() == 0 && unsentSlot < 0 && answered == sent || nowNanos >= deadlineNanos)
        {
            if (massCancel != null)
            {
                massCancel.end();
            }
            final long massCancelled = massCancel == null ? 0 : massCancel.canceled();
            final long massGone = massCancel == null ? 0 : massCancel.gone();
            tally.closedOut(method(), answers.cancelled + massCancelled, answers.refused + massGone,
                resting.size() + sent - answered, massCancel == null ? null : massCancel.refusal());
            done = true;
        }
        return work;
    }

    /**
     * Send the mass cancel, then wait for its answers: it ends when they have all come, nothing rests any more, or
     * half the time is up.
     */
    private int massCancel(final long nowNanos)
    {
        final int work = massCancel.send();
        if (book.resting().size() == 0 || massCancel.settled())
        {
            massEnded = true;
        }
        else if (nowNanos >= massDeadlineNanos)
        {
            massCancel.onTimedOut(massWaitNanos / 1_000_000);
            massEnded = true;
        }
        return work;
    }

    private String method()
    {
        if (massCancel == null)
        {
            return BookTally.ONE_BY_ONE;
        }
        return sent == 0 ? BookTally.MASS : BookTally.MASS_THEN_ONE_BY_ONE;
    }

    public String roleName()
    {
        return "sonde-book-close-out";
    }

    private int sendCancels(final long nowNanos)
    {
        int work = 0;
        final RestingBook resting = book.resting();
        while (unsentSlot >= 0 || resting.size() > 0)
        {
            if (unsentSlot < 0)
            {
                final long number = orders.nextFreeNumber(nextNumber);
                if (number < 0)
                {
                    break;
                }
                nextNumber = number + 1;
                unsentSlot = orders.claim(number);
                final int index = resting.oldest();
                final int symbolIndex = resting.symbol[index];
                resting.copyTo(index, orders, unsentSlot, book.symbol(symbolIndex));
                resting.remove(index);
                orders.flow[unsentSlot] = (byte)OrderFlow.BOOK.ordinal();
                // Timed with the warm-up's series, not the measurement's: the run is over.
                orders.newIntendedNanos[unsentSlot] = Long.MIN_VALUE;
                orders.state[unsentSlot] = OrderTable.CANCEL_QUEUED;
                orders.stageIntendedNanos[unsentSlot] = nowNanos;
            }
            if (!followUps.sendNow(unsentSlot, nowNanos))
            {
                break;
            }
            unsentSlot = -1;
            sent++;
            work++;
        }
        return work;
    }

    /**
     * Counts the answers to the close-out's own cancels; a late answer to a request of the run is not one.
     */
    private final class Answers implements CompletionHandler
    {
        private long cancelled;
        private long refused;

        public void onAcknowledged(final long requestId, final long nowNanos)
        {
            if (requestId >= firstNumber)
            {
                cancelled++;
            }
        }

        public void onRejected(final long requestId, final long nowNanos, final int reason)
        {
            if (requestId >= firstNumber)
            {
                refused++;
            }
        }
    }
}
