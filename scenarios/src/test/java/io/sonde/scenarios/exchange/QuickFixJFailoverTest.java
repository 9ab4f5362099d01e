package io.sonde.scenarios.exchange;

import io.sonde.api.IdleMode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ElectionTimings;
import io.sonde.exchange.gateway.ConnectionLimits;
import io.sonde.exchange.gateway.Gateway;
import io.sonde.exchange.gateway.GatewaySettings;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.exchange.host.MemberProcesses;
import io.sonde.md.publish.FeedSettings;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import quickfix.ApplicationAdapter;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.Side;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client on QuickFIX/J, not Sonde, trades through a three-member exchange while its leader is killed: every order
 * it sent is answered (acknowledged, filled, canceled or rejected) without it asking, and it never receives an
 * order status report (ExecType I) it did not ask for. The gateway sends again only what it had no answer to, and
 * the engine answers a command it had applied with the reports it gave the first time.
 * <p>
 * Three member processes, the gateway and the client share this 2-core host: the members and the gateway back off
 * when idle, and the order rate is low.
 */
@Timeout(240)
class QuickFixJFailoverTest
{
    private static final int ORDERS_PER_SECOND = 200;
    private static final int SECONDS = 8;
    private static final int KILL_AFTER_ORDERS = ORDERS_PER_SECOND * 3;
    private static final long ANSWERS_WAIT_MS = 30_000;

    private final Map<String, Character> firstAnswer = new ConcurrentHashMap<>();
    private final List<String> statusReports = new CopyOnWriteArrayList<>();
    private final CountDownLatch loggedOn = new CountDownLatch(1);

    @Test
    void everyOrderSentAcrossALeaderKillIsAnsweredAndNoStatusReportComesUnasked(@TempDir final Path dir)
        throws Exception
    {
        final List<ClusterMember> members = ClusterMember.onFreeLoopbackPorts(3);
        try (MemberProcesses processes = MemberProcesses.start(members, dir.resolve("cluster"), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, IdleMode.BACKOFF,
            Duration.ofNanos(ElectionTimings.DEFAULT_LEADER_TIMEOUT_NS));
            Gateway gateway = Gateway.start(new GatewaySettings("127.0.0.1", 0, UserDirectory.open(),
                EmbeddedExchange.gatewayFolder(), BackoffIdleStrategy::new, 60, false, ConnectionLimits.DEFAULTS,
                FeedSettings.OFF, EmbeddedExchange.DEFAULT_SYMBOLS),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, members)))
        {
            final SessionID session = new SessionID("FIX.4.4", "QFJFAILOVER", "EXCH");
            final SocketInitiator initiator = new SocketInitiator(new Client(), new MemoryStoreFactory(),
                settings(session, gateway.port()), null, new DefaultMessageFactory());
            initiator.start();
            try
            {
                assertTrue(loggedOn.await(30, TimeUnit.SECONDS), "QuickFIX/J logged on");
                final int firstLeader = processes.awaitLeaderAfter(-1, processes.leaderSinceNanos() - 1,
                    Duration.ofSeconds(60));
                final int orders = ORDERS_PER_SECOND * SECONDS;
                final long periodNanos = TimeUnit.SECONDS.toNanos(1) / ORDERS_PER_SECOND;
                final long start = System.nanoTime();
                long killedNanos = start;
                for (int i = 1; i <= orders; i++)
                {
                    while (System.nanoTime() - start < i * periodNanos)
                    {
                        Thread.sleep(1);
                    }
                    assertTrue(Session.sendToTarget(order(i), session), "order " + i + " sent");
                    if (i == KILL_AFTER_ORDERS)
                    {
                        killedNanos = System.nanoTime();
                        processes.kill(firstLeader);
                    }
                }
                assertTrue(processes.awaitLeaderAfter(firstLeader, killedNanos, Duration.ofSeconds(60)) >= 0,
                    "another member was elected");

                final long deadline = System.currentTimeMillis() + ANSWERS_WAIT_MS;
                while (firstAnswer.size() < orders && System.currentTimeMillis() < deadline)
                {
                    Thread.sleep(50);
                }
                assertEquals(List.of(), statusReports, "order status reports nobody asked for");
                assertEquals(orders, firstAnswer.size(), "orders answered, of " + orders + "; the gateway left " +
                    gateway.undeliveredReports() + " reports undelivered and sent " + gateway.commandsResent() +
                    " commands again");
                assertTrue(gateway.leaderChanges() >= 1, "the gateway followed the new leader");
                System.out.printf("QuickFIX/J across a leader kill: %d orders answered, %d commands sent again%n",
                    firstAnswer.size(), gateway.commandsResent());
            }
            finally
            {
                initiator.stop(true);
            }
        }
    }

    /**
     * Buys and sells at one price, so most trade; every fifth is immediate-or-cancel, so some close at once.
     */
    private static NewOrderSingle order(final int number)
    {
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID("qfj-" + number),
            new Side(number % 2 == 0 ? Side.BUY : Side.SELL), new TransactTime(), new OrdType(OrdType.LIMIT));
        order.setString(55, "SONDE.A");
        order.setInt(38, 10);
        order.setString(44, "100");
        order.set(new TimeInForce(number % 5 == 0 ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY));
        return order;
    }

    private static SessionSettings settings(final SessionID session, final int port)
    {
        final SessionSettings settings = new SessionSettings();
        settings.setString(session, "ConnectionType", "initiator");
        settings.setString(session, "SocketConnectHost", "127.0.0.1");
        settings.setLong(session, "SocketConnectPort", port);
        settings.setString(session, "StartTime", "00:00:00");
        settings.setString(session, "EndTime", "00:00:00");
        settings.setLong(session, "HeartBtInt", 30);
        settings.setLong(session, "ReconnectInterval", 1);
        settings.setString(session, "ResetOnLogon", "Y");
        settings.setString(session, "UseDataDictionary", "Y");
        settings.setString(session, "DataDictionary", "FIX44.xml");
        settings.setString(session, "ValidateIncomingMessage", "Y");
        return settings;
    }

    private final class Client extends ApplicationAdapter
    {
        public void onLogon(final SessionID sessionId)
        {
            loggedOn.countDown();
        }

        public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
        {
            if (!MsgType.EXECUTION_REPORT.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                return;
            }
            final char execType = message.getChar(ExecType.FIELD);
            final String clOrdId = message.getString(ClOrdID.FIELD);
            if (execType == ExecType.ORDER_STATUS)
            {
                statusReports.add(clOrdId);
                return;
            }
            firstAnswer.putIfAbsent(clOrdId, execType);
        }
    }
}
