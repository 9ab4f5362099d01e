package io.sonde.fix.client.order;

import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;

/**
 * Leaves nothing behind: once the book flow's run is over, cancels every order still resting, oldest first, one
 * OrderCancelRequest each (the bundled exchange takes no OrderMassCancelRequest over FIX), keeping at most the
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
    private final long firstNumber;
    private final Answers answers = new Answers();
    private long nextNumber;
    private int unsentSlot = -1;
    private long sent;
    private volatile boolean done;

    BookCloseOut(
        final FixOrderTransport transport,
        final OrderTable orders,
        final BookActions book,
        final BookTally tally,
        final FollowUps followUps,
        final NanoClock clock,
        final long timeoutNanos)
    {
        this.transport = transport;
        this.orders = orders;
        this.book = book;
        this.tally = tally;
        this.followUps = followUps;
        this.clock = clock;
        this.deadlineNanos = clock.nanoTime() + timeoutNanos;
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
        work += sendCancels(nowNanos);
        final RestingBook resting = book.resting();
        tally.sample(nowNanos, resting.size());
        final long answered = answers.cancelled + answers.refused;
        if (resting.size() == 0 && unsentSlot < 0 && answered == sent || nowNanos >= deadlineNanos)
        {
            tally.closedOut(answers.cancelled, answers.refused, resting.size() + sent - answered);
            done = true;
        }
        return work;
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
