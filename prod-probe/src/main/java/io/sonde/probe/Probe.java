package io.sonde.probe;

import io.sonde.api.ExitCode;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.VenueClOrdIds;
import io.sonde.fix.client.profile.OrderMessageType;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.DeferredEvents;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.fix.engine.EngineHost;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.metrics.MetricsServer;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.idle.ProbeTempo;
import io.sonde.probe.marketdata.ProbeMarketData;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.metrics.ProbeMetrics;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.order.ProbeOrderClient;
import io.sonde.probe.safety.SendGuard;
import io.sonde.probe.safety.SendVerdict;
import io.sonde.probe.slo.SloEvaluator;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;
import uk.co.real_logic.artio.library.LibraryConfiguration;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One probe run: connects, cleans up what an earlier run left, sends probe orders on schedule through the
 * safety guard, measures them, evaluates the SLO rules, serves metrics, and on stop cancels everything it
 * placed before logging out.
 * <p>
 * Threads: the caller's thread runs the FIX library and the schedule; a collector thread takes histogram
 * intervals, writes the day's {@code .hlog} and evaluates rules; the metrics server and the hiccup meter have
 * one thread each. The probe thread parks between orders (its cost at 1 order/s is a benchmark) and polls
 * closely only while an answer is awaited, so a reply is timed when it arrives, not when a long park ends.
 */
public final class Probe
{
    private static final long LOGOUT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final int CLORDID_SEQUENCE_CHARS = 7;

    private final ProbeConfig config;
    private final ProbeMode mode;
    private final PrintWriter out;
    private final ProbeCounters counters = new ProbeCounters();
    private final ProbeMarketData marketData;
    private final ProbeSeries series;
    private final SendGuard guard;
    private final SloEvaluator slo;
    private final ProbeTempo tempo = new ProbeTempo();
    private final ProbePacing pacing = new ProbePacing(tempo);
    private final SendRefusals refusals;
    private final ProbeVerdict ending;
    private final WindowGate window;
    private volatile long loopHeartbeatNanos = System.nanoTime();
    private volatile boolean settled;
    private Consumer<String> onReady = line -> { };
    private VenueProfile venue;
    private int metricsPort = -1;

    public Probe(final ProbeConfig config, final ProbeMode mode, final PrintWriter out)
    {
        this.config = config;
        this.mode = mode;
        this.out = out;
        this.marketData = config.marketData() == null ? null : new ProbeMarketData(config.marketData(),
            List.of(config.order().symbol()), config.caps().maxOpenOrders() + 64, config.timeout().toNanos(),
            this::log);
        this.series = new ProbeSeries(marketData == null ? null : marketData.orderToTick());
        this.guard = new SendGuard(config.caps(), config.killSwitch(), SystemNanoClock.INSTANCE,
            SystemEpochClock.INSTANCE);
        this.slo = new SloEvaluator(config.sloRules(), new LoggedSloTransitions(this::log));
        this.refusals = new SendRefusals(config, this::log);
        this.ending = new ProbeVerdict(config, mode, counters, slo, this::log);
        this.window = new WindowGate(config.window(), mode.waitForWindow(), this::log);
    }

    /**
     * Run until {@code stopRequested} (or, with {@code --once}, until the orders are done).
     *
     * @return {@link ExitCode#PASSED}, {@link ExitCode#MISSED} or {@link ExitCode.NOT_CARRIED_OUT}.
     */
    public ExitCode run(final Credentials credentials, final BooleanSupplier stopRequested)
    {
        try
        {
            Files.createDirectories(config.resultsDir());
            Files.createDirectories(config.stateDir());
        }
        catch (final IOException ex)
        {
            log("cannot run: " + ex);
            return ExitCode.NOT_CARRIED_OUT;
        }
        if (mode.isOnce() && !window.awaitOpen(stopRequested))
        {
            return ExitCode.NOT_CARRIED_OUT;
        }
        final IntervalCollector collector = new IntervalCollector(series, config.resultsDir(),
            "sonde probe " + config.senderCompId() + " -> " + config.host() + ":" + config.port(),
            config.longestWindow());
        // A dry run opens no session: no public feed is watched, so none is reported on.
        final ProbeMarketData watched = mode.dryRun() ? null : marketData;
        final ProbeSloInputs sloInputs = new ProbeSloInputs(collector, counters, watched);
        final ProbeTicker ticker = new ProbeTicker(collector, sloInputs, slo, config.interval());
        final HiccupMeter hiccups = new HiccupMeter(series.hiccup(), config.hiccupResolution().toNanos());
        MetricsServer metrics = null;
        try
        {
            metrics = new MetricsServer(config.metricsBind(), config.metricsPort(),
                new ProbeMetrics(counters, ticker.view(), slo, config.sessions(), window::isOpen)
                    .watchingPublicFeed(watched)::scrape,
                this::health);
            metricsPort = metrics.port();
            log("metrics on http://" + config.metricsBind() + ":" + metrics.port() + "/metrics");
            hiccups.start();
            ticker.start();
            final ExitCode exitCode = mode.dryRun() ? dryRun(stopRequested) : probe(credentials, stopRequested);
            ticker.stop();
            return ending.settle(exitCode, collector, sloInputs, watched);
        }
        catch (final UncheckedIOException ex)
        {
            log("cannot run: " + ex.getMessage());
            return ExitCode.NOT_CARRIED_OUT;
        }
        finally
        {
            ticker.stop();
            CloseHelper.quietCloseAll(metrics, hiccups);
            collector.close();
        }
    }

    /**
     * @param venue the venue's profile (FIX version, sub IDs, the extra fields of each order and cancel), or null.
     */
    public Probe venue(final VenueProfile venue)
    {
        this.venue = venue;
        return this;
    }

    /**
     * The probe's ClOrdIDs: its prefix and 7 base-32 digits, or digits only when the venue's profile asks.
     *
     * @throws IllegalArgumentException when the venue wants digits only and the prefix has letters, or when the
     *                                  prefix makes ids longer than the venue accepts.
     */
    public static ClOrdIdCodec clOrdIds(final ProbeConfig config, final VenueProfile venue)
    {
        return VenueClOrdIds.codec(venue, config.clOrdIdPrefix(), CLORDID_SEQUENCE_CHARS);
    }

    /**
     * @param onReady told the probe's READY line once it has cleaned up and starts sending (for health checks).
     */
    public Probe onReady(final Consumer<String> onReady)
    {
        this.onReady = onReady;
        return this;
    }

    /**
     * @return the port the metrics endpoint is bound to, once running; -1 before.
     */
    public int metricsPort()
    {
        return metricsPort;
    }

    public ProbeCounters counters()
    {
        return counters;
    }

    /**
     * @return the watch on the venue's public market data, or null when {@code market.data} is off.
     */
    public ProbeMarketData marketData()
    {
        return marketData;
    }

    private void configureLibrary(final LibraryConfiguration library)
    {
        library.monitoringThreadIdleStrategy(new SleepingMillisIdleStrategy(ProbeEngine.ERROR_PRINTER_SLEEP_MS));
    }

    private ExitCode probe(final Credentials credentials, final BooleanSupplier stopRequested)
    {
        final SessionSettings settings = new SessionSettings(config.host(), config.port(), config.sessions(),
            config.senderCompId(), config.targetCompId(), credentials, 10, true, 0,
            venue == null || venue.fixVersion() == null ? FixVersion.FIX_4_4 : venue.fixVersion(),
            venue == null ? SubIds.NONE : new SubIds(venue.senderSubId(), venue.targetSubId()),
            config.cancelOnDisconnect());
        final EngineHost host = ProbeEngine.launch(config.stateDir().resolve("fix"), tempo, this::log, stopRequested);
        if (host == null)
        {
            return ExitCode.PASSED;
        }
        host.recovery().ifPresent(this::log);
        SessionPool pool = null;
        try
        {
            final DeferredEvents events = new DeferredEvents();
            pool = new SessionPool(host, settings, events, new BackoffIdleStrategy(), this::configureLibrary);
            final ProbeOrderClient client = new ProbeOrderClient(pool, config.order(),
                clOrdIds(config, venue), guard, counters, series,
                config.timeout().toNanos(), config.caps().maxOpenOrders() + 64, SystemEpochClock.INSTANCE,
                this::log);
            if (venue != null)
            {
                client.withExtraFields(venue.extraFields(OrderMessageType.NEW_ORDER_SINGLE, config.sessions(), 0),
                    venue.extraFields(OrderMessageType.ORDER_CANCEL_REQUEST, config.sessions(), 0));
            }
            events.deliverTo(client);
            try
            {
                if (marketData != null && !openMarketData(host, settings, stopRequested, client))
                {
                    log("stopped before the first logon completed; nothing was sent");
                    return ExitCode.PASSED;
                }
                if (!pool.logonAll(config.logonTimeout().toNanos(), new BackoffIdleStrategy(), stopRequested))
                {
                    log("stopped before the first logon completed; nothing was sent");
                    return ExitCode.PASSED;
                }
            }
            catch (final SessionLogonException ex)
            {
                log("cannot run: " + ex.getMessage());
                return ExitCode.NOT_CARRIED_OUT;
            }
            log("logged on: " + pool.activeCount() + " session(s) to " + config.host() + ":" + config.port());
            if (config.cancelOnDisconnect() != null)
            {
                log("the venue cancels our orders " + config.cancelOnDisconnect().toMillis() +
                    " ms after a disconnect");
            }
            final ExitCode exitCode = sendOnSchedule(client, stopRequested);
            return drain(client, exitCode);
        }
        finally
        {
            if (pool != null)
            {
                pool.logoutAll(LOGOUT_TIMEOUT_NANOS, new BackoffIdleStrategy());
            }
            if (marketData != null)
            {
                marketData.close(LOGOUT_TIMEOUT_NANOS);
            }
            CloseHelper.quietCloseAll(pool, host);
        }
    }

    /**
     * The market data session logs on before the order sessions, so no order session waits unpolled for it; a
     * venue that refuses it costs the watch, never the probe.
     *
     * @return false when stopped meanwhile.
     */
    private boolean openMarketData(
        final EngineHost host, final SessionSettings settings, final BooleanSupplier stopRequested,
        final ProbeOrderClient client)
    {
        client.watchedBy(marketData);
        return marketData.open(host, settings, this::configureLibrary, config.logonTimeout().toNanos(),
            stopRequested);
    }

    private int pollMarketData(final long nowNanos)
    {
        return marketData == null ? 0 : marketData.poll(nowNanos);
    }

    private boolean publicEventAwaited()
    {
        return marketData != null && marketData.awaiting();
    }

    private ExitCode sendOnSchedule(final ProbeOrderClient client, final BooleanSupplier stopRequested)
    {
        final long periodNanos = config.period().toNanos();
        long startNanos = 0;
        long nextIntendedNanos = Long.MAX_VALUE;
        int sent = 0;
        final long onceDeadlineNanos = System.nanoTime() + onceBudgetNanos();
        while (!stopRequested.getAsBoolean())
        {
            final long nowNanos = System.nanoTime();
            loopHeartbeatNanos = nowNanos;
            int work = client.poll(nowNanos) + pollMarketData(nowNanos);
            if (!settled && client.isSettled())
            {
                settled = true;
                startNanos = nowNanos;
                nextIntendedNanos = startNanos;
                log("start-up clean-up done; sending " + config.ordersPerSecond() + " order(s)/s");
                onReady.accept("sonde probe: READY metrics=" + config.metricsBind() + ":" + metricsPort);
            }
            if (settled && nowNanos >= nextIntendedNanos)
            {
                if (mode.isOnce() && sent == mode.onceOrders())
                {
                    return ExitCode.PASSED;
                }
                final SendVerdict verdict = window.isOpen() ? client.sendProbeOrder(nextIntendedNanos, nowNanos) :
                    SendVerdict.OUTSIDE_WINDOW;
                refusals.report(verdict);
                if (verdict == SendVerdict.ALLOWED)
                {
                    sent++;
                }
                else if (mode.isOnce() && refusals.stopsOnce(verdict, sent, mode.onceOrders()))
                {
                    return ExitCode.NOT_CARRIED_OUT;
                }
                nextIntendedNanos += periodNanos;
                work++;
            }
            if (mode.isOnce() && nowNanos > onceDeadlineNanos)
            {
                log("--once: only " + sent + " of " + mode.onceOrders() + " orders could be sent in time");
                return ExitCode.MISSED;
            }
            pacing.idle(work, client.openOrders() > 0 || publicEventAwaited() || !settled, nowNanos,
                nextIntendedNanos);
        }
        return ExitCode.PASSED;
    }

    /**
     * Stop sending and wait (bounded) until every order placed is confirmed closed.
     */
    private ExitCode drain(final ProbeOrderClient client, final ExitCode exitCode)
    {
        client.drain();
        final long deadline =
            System.nanoTime() + Math.max(TimeUnit.SECONDS.toNanos(10), 3 * config.timeout().toNanos());
        while (!client.isEmpty() && System.nanoTime() < deadline)
        {
            final long nowNanos = System.nanoTime();
            loopHeartbeatNanos = nowNanos;
            tempo.set(true, nowNanos);
            pacing.idle(client.poll(nowNanos) + pollMarketData(nowNanos), client.openOrders() > 0 || !settled, nowNanos,
                nowNanos);
        }
        if (!client.isEmpty())
        {
            log("ALERT: " + client.openOrders() + " probe order(s) could not be confirmed closed: " +
                client.describeOpen() + "; the next start cancels them");
            return ExitCode.MISSED;
        }
        log("every probe order is closed");
        awaitPublicEvents();
        return exitCode;
    }

    /**
     * The last orders' public events may still be on their way: wait for them, for at most the wait that counts
     * them missing, so the summary judges every order the same way.
     */
    private void awaitPublicEvents()
    {
        final long deadline = System.nanoTime() + config.timeout().toNanos() + TimeUnit.MILLISECONDS.toNanos(200);
        while (publicEventAwaited() && System.nanoTime() - deadline < 0)
        {
            final long nowNanos = System.nanoTime();
            loopHeartbeatNanos = nowNanos;
            pacing.idle(pollMarketData(nowNanos), true, nowNanos, nowNanos);
        }
    }

    private ExitCode dryRun(final BooleanSupplier stopRequested)
    {
        settled = true;
        onReady.accept("sonde probe: READY dry-run metrics=" + config.metricsBind() + ":" + metricsPort);
        return new DryRun(config, mode, guard, refusals, counters, window, this::log)
            .run(stopRequested, nowNanos -> loopHeartbeatNanos = nowNanos);
    }

    private MetricsServer.Health health()
    {
        final boolean loopAlive = System.nanoTime() - loopHeartbeatNanos < TimeUnit.SECONDS.toNanos(5);
        final boolean sessionUp = mode.dryRun() || counters.sessionsUp() > 0;
        final boolean up = loopAlive && sessionUp;
        return new MetricsServer.Health(up, "{\"status\": \"" + (up ? "UP" : "DOWN") + "\", \"loop_alive\": " +
            loopAlive + ", \"sessions_up\": " + counters.sessionsUp() + ", \"sessions\": " + config.sessions() +
            ", \"settled\": " + settled + ", \"slo_firing\": " + slo.anyFiring() + "}\n");
    }

    private long onceBudgetNanos()
    {
        return mode.onceOrders() * config.period().toNanos() + 2 * config.timeout().toNanos() +
            TimeUnit.SECONDS.toNanos(30);
    }

    private void log(final String line)
    {
        out.println(Instant.now() + " sonde probe: " + line);
        out.flush();
    }
}
