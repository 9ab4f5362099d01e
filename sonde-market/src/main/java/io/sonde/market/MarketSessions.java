package io.sonde.market;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.acceptor.OrderAnswers;
import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderStatusRequestDecoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.NanoClock;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionAcquireHandler;
import uk.co.real_logic.artio.library.SessionAcquiredInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The application's sessions on the market's acceptor, handled on the market's thread. An order's arrival time is
 * read first, before anything is decoded: it ends the order's tick-to-trade. A NewOrderSingle is checked (a bad
 * one gets a reject naming its field and is counted malformed), matched to its trigger, and answered as the
 * reference acceptor answers (an immediate-or-cancel order fills when it answered a trigger and expires
 * otherwise). Cancels, replaces and status requests are answered alike; a MarketDataRequest goes to the feed's
 * desk. A message whose answer meets back-pressure is offered again by Artio and answered then, never matched
 * twice.
 */
final class MarketSessions implements SessionAcquireHandler
{
    private final NanoClock clock;
    private final OrderChecks checks;
    private final ReactionMatcher matcher;
    private final SymbolIndex symbols;
    private final String beginString;
    private MarketDataDesk desk;
    private final List<String> applications = new CopyOnWriteArrayList<>();
    private final boolean[] symbolsSubscribed;
    private volatile int symbolsCovered;
    private long malformed;

    /**
     * @param beginString the sessions' BeginString (8), which the reports carry.
     */
    MarketSessions(
        final NanoClock clock, final SymbolIndex symbols, final ReactionMatcher matcher, final String beginString)
    {
        this.clock = clock;
        this.beginString = beginString;
        this.symbols = symbols;
        this.checks = new OrderChecks(symbols);
        this.matcher = matcher;
        this.symbolsSubscribed = new boolean[symbols.size()];
    }

    /**
     * Where MarketDataRequests go; without a desk they are ignored.
     */
    void desk(final MarketDataDesk desk)
    {
        this.desk = desk;
    }

    public SessionHandler onSessionAcquired(final Session session, final SessionAcquiredInfo acquiredInfo)
    {
        applications.add(session.compositeKey().remoteCompId());
        return new MarketSession(session);
    }

    /**
     * @return the SenderCompIDs of the sessions logged on now; safe from any thread.
     */
    List<String> applications()
    {
        return List.copyOf(applications);
    }

    /**
     * @return whether FIX market data subscriptions cover every symbol; safe from any thread.
     */
    boolean everySymbolSubscribed()
    {
        return symbolsCovered == symbolsSubscribed.length;
    }

    long malformed()
    {
        return malformed;
    }

    /**
     * Start counting afresh, for the next run.
     */
    void clear()
    {
        malformed = 0;
    }

    private void covered(final MarketDataRequestDecoder request)
    {
        for (MarketDataRequestDecoder.RelatedSymGroupDecoder symbol = request.relatedSymGroup();
            symbol != null; symbol = symbol.next())
        {
            final int index = symbols.indexOf(symbol.symbol(), symbol.symbolLength());
            if (index != SymbolIndex.UNKNOWN && !symbolsSubscribed[index])
            {
                symbolsSubscribed[index] = true;
                symbolsCovered++;
            }
        }
    }

    private final class MarketSession implements SessionHandler
    {
        private final Session session;
        private final OrderAnswers answers = new OrderAnswers(beginString);
        private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
        private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
        private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
        private final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
        private final OrderStatusRequestDecoder status = new OrderStatusRequestDecoder();
        private final MarketDataRequestDecoder marketDataRequest = new MarketDataRequestDecoder();
        /** The position of an order whose answer met back-pressure: matched already, only to be answered. */
        private long unansweredPosition = Long.MIN_VALUE;
        private boolean unansweredMatched;

        MarketSession(final Session session)
        {
            this.session = session;
        }

        public Action onMessage(
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final int libraryId,
            final Session session,
            final int sequenceIndex,
            final long messageType,
            final long timestampInNs,
            final long position,
            final OnMessageInfo messageInfo)
        {
            final long arrivalNanos = clock.nanoTime();
            ascii.wrap(buffer, offset, length);
            if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE)
            {
                return onOrder(buffer, offset, length, position, arrivalNanos);
            }
            if (messageType == OrderCancelRequestDecoder.MESSAGE_TYPE)
            {
                cancel.reset();
                cancel.decode(ascii, 0, length);
                return sent(answers.cancel(this.session, cancel));
            }
            if (messageType == OrderCancelReplaceRequestDecoder.MESSAGE_TYPE)
            {
                replace.reset();
                replace.decode(ascii, 0, length);
                return sent(answers.replace(this.session, replace));
            }
            if (messageType == OrderStatusRequestDecoder.MESSAGE_TYPE)
            {
                status.reset();
                status.decode(ascii, 0, length);
                return sent(answers.unknownStatus(this.session, status));
            }
            if (messageType == MarketDataRequestDecoder.MESSAGE_TYPE && desk != null)
            {
                marketDataRequest.reset();
                marketDataRequest.decode(ascii, 0, length);
                if (!desk.onRequest(this.session, marketDataRequest))
                {
                    return Action.ABORT;
                }
                covered(marketDataRequest);
            }
            return Action.CONTINUE;
        }

        private Action onOrder(
            final DirectBuffer buffer, final int offset, final int length, final long position,
            final long arrivalNanos)
        {
            newOrder.reset();
            newOrder.decode(ascii, 0, length);
            final int reason = checks.check(newOrder);
            if (reason != OrderChecks.OK)
            {
                if (position != unansweredPosition)
                {
                    malformed++;
                }
                return answered(answers.reject(session, newOrder, OrderChecks.text(reason)), position, false);
            }
            final boolean matched = position == unansweredPosition ? unansweredMatched :
                matcher.onOrder(buffer, offset, length, newOrder, checks.symbolIndex(), arrivalNanos);
            return answered(answers.acknowledge(session, newOrder, matched), position, matched);
        }

        private Action answered(final boolean sent, final long position, final boolean matched)
        {
            if (sent)
            {
                unansweredPosition = Long.MIN_VALUE;
                return Action.CONTINUE;
            }
            unansweredPosition = position;
            unansweredMatched = matched;
            return Action.ABORT;
        }

        private Action sent(final boolean sent)
        {
            return sent ? Action.CONTINUE : Action.ABORT;
        }

        public void onTimeout(final int libraryId, final Session session)
        {
        }

        public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
        {
        }

        public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
        {
            applications.remove(session.compositeKey().remoteCompId());
            if (desk != null)
            {
                desk.onDisconnect(session);
            }
            return Action.CONTINUE;
        }

        public void onSessionStart(final Session session)
        {
        }
    }
}
