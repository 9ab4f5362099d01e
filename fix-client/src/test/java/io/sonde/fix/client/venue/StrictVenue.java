package io.sonde.fix.client.venue;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.session.DefaultApplVerIdLogon;
import io.sonde.fix.client.session.FixDictionaries;
import io.sonde.fix.codecs.MsgType;
import io.sonde.fix.codecs.decoder.ExecutionReportDecoder;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.ScratchFolder;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.AbstractRejectEncoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A venue of one FIX version that takes nothing on trust, for the specifications of Sonde's FIX versions. An
 * Artio acceptor on that version's session dictionary, so Artio itself logs out a peer whose BeginString is
 * another version's; a FIXT Logon must name FIX 5.0 SP2 (DefaultApplVerID 9). Every order (NewOrderSingle,
 * OrderCancelRequest, OrderCancelReplaceRequest) must carry the session's BeginString and every tag this venue
 * requires of its type, or it gets a session Reject (35=3) naming the first tag at fault and nothing else.
 * <p>
 * Orders that pass are answered as the reference acceptor would, without a book: a DAY order is acknowledged
 * (150=0, 39=0), an IOC order canceled unfilled (150=4, 39=4), a cancel confirmed (150=4, 39=4) and a replace
 * too (150=5, 39=0). FIX 4.2 reports add ExecTransType (20=0), which FIX 4.4 and 5.0 dropped; FIX 5.0 SP2 reports
 * are FIX 4.4's. Reports are written field by field because Sonde's generated encoders are FIX 4.4's, which
 * know no ExecTransType.
 * <p>
 * Every message received, session messages included, is kept as it came off the wire, by MsgType.
 */
public final class StrictVenue implements AutoCloseable
{
    public static final String COMP_ID = "STRICT";
    private static final char SOH = '\u0001';
    private static final long LISTEN_TIMEOUT_MS = 30_000;
    private static final int REQUIRED_TAG_MISSING = 1;
    private static final int VALUE_IS_INCORRECT = 5;
    private static final int BEGIN_STRING = 8;
    private static final int LOGOUT_LINGER_MS = 100;

    private final FixVersion version;
    private final Map<String, Set<Integer>> requiredTags;
    private final int port = AcceptorPort.onLoopback();
    private final EngineHost host;
    private final FixLibrary library;
    private final Agent polling = new Agent()
    {
        public int doWork()
        {
            return library.poll(64);
        }

        public String roleName()
        {
            return "strict-venue";
        }
    };
    private final Map<String, Queue<FixMessage>> received = new ConcurrentHashMap<>();
    private final Queue<String> refusedLogons = new ConcurrentLinkedQueue<>();
    private final AtomicLong rejectsSent = new AtomicLong();

    /**
     * @param version      the only FIX version the venue speaks.
     * @param requiredTags per MsgType of an order (D, F, G), the tags it must carry.
     */
    public StrictVenue(final FixVersion version, final Map<MsgType, Set<Integer>> requiredTags)
    {
        this.version = version;
        this.requiredTags = new ConcurrentHashMap<>();
        requiredTags.forEach((type, tags) -> this.requiredTags.put(type.representation(), Set.copyOf(tags)));
        final FixDictionary dictionary = FixDictionary.of(FixDictionaries.dictionary(version));
        final SessionCustomisationStrategy none = SessionCustomisationStrategy.none();
        final SessionCustomisationStrategy logon =
            FixDictionaries.hasDefaultApplVerId(version) ? new DefaultApplVerIdLogon(version, none) : none;
        host = EngineHost.launchInvoked("strict-venue", ScratchFolder.create("sonde-strict-venue"), false,
            configuration -> configuration
                .bindTo("127.0.0.1", port)
                .initialAcceptedSessionOwner(InitialAcceptedSessionOwner.SOLE_LIBRARY)
                .acceptorfixDictionary(FixDictionaries.dictionary(version))
                .authenticationStrategy(new LogonCheck(dictionary))
                .sessionCustomisationStrategy(logon)
                .logInboundMessages(false)
                .logOutboundMessages(false));
        final LibraryConfiguration libraryConfiguration = host.libraryConfiguration();
        libraryConfiguration.sessionCustomisationStrategy(logon);
        library = FixLibrary.connect(libraryConfiguration
            .sessionAcquireHandler((session, info) -> new OrderChecker(dictionary.makeRejectEncoder())));
        host.duty().attach(polling, new BackoffIdleStrategy());
        AcceptorPort.awaitListening("127.0.0.1", port, LISTEN_TIMEOUT_MS);
    }

    public int port()
    {
        return port;
    }

    public FixVersion version()
    {
        return version;
    }

    /**
     * @return every message of {@code type} received, in order, as it came off the wire.
     */
    public List<FixMessage> received(final MsgType type)
    {
        final Queue<FixMessage> messages = received.get(type.representation());
        return messages == null ? List.of() : List.copyOf(messages);
    }

    /**
     * @return why each Logon the venue refused was refused.
     */
    public List<String> refusedLogons()
    {
        return List.copyOf(refusedLogons);
    }

    /**
     * @return session Rejects sent about orders.
     */
    public long rejectsSent()
    {
        return rejectsSent.get();
    }

    public void close()
    {
        CloseHelper.closeAll(() -> host.duty().detach(polling), library, host);
    }

    /**
     * Artio has checked the BeginString of the Logon against the session dictionary already; over FIXT the
     * application version is the venue's to check.
     */
    private final class LogonCheck implements AuthenticationStrategy
    {
        private final FixDictionary dictionary;

        LogonCheck(final FixDictionary dictionary)
        {
            this.dictionary = dictionary;
        }

        public boolean authenticate(final AbstractLogonDecoder logon)
        {
            return refusal(logon) == null;
        }

        public void authenticateAsync(final AbstractLogonDecoder logon, final AuthenticationProxy proxy)
        {
            final String refusal = refusal(logon);
            if (refusal == null)
            {
                proxy.accept();
                return;
            }
            refusedLogons.add(refusal);
            final AbstractLogoutEncoder logout = dictionary.makeLogoutEncoder();
            logout.text(refusal);
            proxy.reject(logout, LOGOUT_LINGER_MS);
        }

        private String refusal(final AbstractLogonDecoder logon)
        {
            if (!FixDictionaries.hasDefaultApplVerId(version))
            {
                return null;
            }
            final String applVerId =
                ((io.sonde.fix.codecs.fixt11.decoder.LogonDecoder)logon).defaultApplVerIDAsString();
            if (FixDictionaries.defaultApplVerId(version).equals(applVerId))
            {
                return null;
            }
            return "DefaultApplVerID (1137) must be " + FixDictionaries.defaultApplVerId(version) + ", was " +
                (applVerId.isEmpty() ? "missing" : "'" + applVerId + "'");
        }
    }

    private final class OrderChecker implements SessionHandler
    {
        private final AbstractRejectEncoder reject;
        private final MutableAsciiBuffer out = new MutableAsciiBuffer(new byte[1024]);
        private final UtcTimestampEncoder sendingTime = new UtcTimestampEncoder();
        private long nextExecId;

        OrderChecker(final AbstractRejectEncoder reject)
        {
            this.reject = reject;
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
            final FixMessage message = FixMessage.parse(buffer.getStringWithoutLengthAscii(offset, length));
            final Set<Integer> required = requiredTags.get(message.get(35));
            if (required != null && messageInfo.isValid())
            {
                final Action action = answer(session, message, required);
                if (action == Action.ABORT)
                {
                    return action;
                }
            }
            received.computeIfAbsent(message.get(35), type -> new ConcurrentLinkedQueue<>()).add(message);
            return Action.CONTINUE;
        }

        private Action answer(final Session session, final FixMessage order, final Set<Integer> required)
        {
            if (!FixDictionaries.beginString(version).equals(order.get(BEGIN_STRING)))
            {
                return reject(session, order, BEGIN_STRING, VALUE_IS_INCORRECT,
                    "BeginString must be " + FixDictionaries.beginString(version));
            }
            for (final int tag : required)
            {
                if (order.get(tag) == null)
                {
                    return reject(session, order, tag, REQUIRED_TAG_MISSING, "Required tag missing: " + tag);
                }
            }
            if (order.is(MsgType.NEW_ORDER_SINGLE))
            {
                final boolean ioc = "3".equals(order.get(59));
                return report(session, order, ioc ? '4' : '0', ioc ? '4' : '0', ioc ? "0" : order.get(38));
            }
            if (order.is(MsgType.ORDER_CANCEL_REQUEST))
            {
                return report(session, order, '4', '4', "0");
            }
            return report(session, order, '5', '0', order.get(38));
        }

        private Action reject(
            final Session session, final FixMessage order, final int tag, final int reason, final String text)
        {
            final char[] refMsgType = order.get(35).toCharArray();
            reject.refSeqNum(order.seqNum())
                .refTagID(tag)
                .refMsgType(refMsgType, refMsgType.length)
                .sessionRejectReason(reason)
                .text(text.getBytes(StandardCharsets.US_ASCII));
            if (session.trySend(reject) < 0)
            {
                return Action.ABORT;
            }
            rejectsSent.incrementAndGet();
            return Action.CONTINUE;
        }

        private Action report(
            final Session session, final FixMessage order, final char execType, final char ordStatus,
            final String leavesQty)
        {
            final StringBuilder body = new StringBuilder()
                .append("37=O").append(order.get(11)).append(SOH)
                .append("11=").append(order.get(11)).append(SOH);
            if (order.get(41) != null)
            {
                body.append("41=").append(order.get(41)).append(SOH);
            }
            body.append("17=").append(++nextExecId).append(SOH);
            if (version == FixVersion.FIX_4_2)
            {
                body.append("20=0").append(SOH);
            }
            body.append("150=").append(execType).append(SOH)
                .append("39=").append(ordStatus).append(SOH)
                .append("55=").append(order.get(55)).append(SOH)
                .append("54=").append(order.get(54)).append(SOH)
                .append("38=").append(order.get(38)).append(SOH)
                .append("151=").append(leavesQty).append(SOH)
                .append("14=0").append(SOH)
                .append("6=0").append(SOH);
            final int seqNum = session.lastSentMsgSeqNum() + 1;
            final int timeLength = sendingTime.encode(System.currentTimeMillis());
            final String text = FixMessage.frame(FixDictionaries.beginString(version), "35=8" + SOH +
                "49=" + session.compositeKey().localCompId() + SOH +
                "56=" + session.compositeKey().remoteCompId() + SOH +
                "34=" + seqNum + SOH +
                "52=" + new String(sendingTime.buffer(), 0, timeLength, StandardCharsets.US_ASCII) + SOH +
                body);
            final int length = out.putStringWithoutLengthAscii(0, text);
            final long sent = session.trySend(out, 0, length, seqNum, ExecutionReportDecoder.MESSAGE_TYPE);
            return sent < 0 ? Action.ABORT : Action.CONTINUE;
        }

        public void onTimeout(final int libraryId, final Session session)
        {
        }

        public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
        {
        }

        public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
        {
            return Action.CONTINUE;
        }

        public void onSessionStart(final Session session)
        {
        }
    }
}
