package io.sonde.inprocess.market;

import io.sonde.api.IdleMode;
import io.sonde.api.MarketEndpoints;
import io.sonde.api.MarketSpec;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.inprocess.Sonde;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * One {@code Sonde.market} run in this JVM with a {@link QuickFixJReactor} as its application, started where the
 * market says it listens ({@code onMarketReady}) and closed once the run has ended. Market data goes over FIX only
 * (no UDP destination), so the run starts once the reactor has logged on and subscribed to every symbol.
 */
final class ReactorRun
{
    /** The market's symbols, every one of which the reactor subscribes to. */
    static final List<String> SYMBOLS = List.of("SONDE.A", "SONDE.B");

    final RunReport report;
    final QuickFixJReactor reactor;
    final String console;

    private ReactorRun(final RunReport report, final QuickFixJReactor reactor, final String console)
    {
        this.report = report;
        this.reactor = reactor;
        this.console = console;
    }

    /**
     * @param out where the run writes.
     * @return a market for tests on a shared host: any free port, every thread backing off when idle, no core
     *         claimed for the application (QuickFIX/J blocks on its socket), and Sonde's own lateness and hiccup
     *         limits loosened so that a stall of the host does not void a run these tests judge by its counts.
     */
    static MarketSpec.Builder market(final Path out)
    {
        return MarketSpec.builder()
            .symbols(SYMBOLS)
            .port(0)
            .idle(IdleMode.BACKOFF)
            .appBusyThreads(0)
            .awaitApp(Duration.ofSeconds(30))
            .maxSendLateness(Duration.ofMillis(200))
            .maxHiccup(Duration.ofMillis(500))
            .out(out);
    }

    /**
     * @param spec  the market.
     * @param mode  how the reactor behaves.
     * @param setUp what else the reactor does, e.g. {@link QuickFixJReactor#withOneOrderWithoutPrice()}, or
     *              {@link UnaryOperator#identity()}.
     * @return the run's result and the reactor, closed.
     */
    static ReactorRun of(
        final MarketSpec spec, final QuickFixJReactor.Mode mode, final UnaryOperator<QuickFixJReactor> setUp)
    {
        final AtomicReference<QuickFixJReactor> reactor = new AtomicReference<>();
        final StringWriter console = new StringWriter();
        final RunReport report;
        try
        {
            report = Sonde.market(spec, RunOptions.builder()
                .console(new PrintWriter(console, true))
                .onMarketReady(endpoints -> reactor.set(setUp.apply(start(endpoints, mode))))
                .build());
        }
        finally
        {
            if (reactor.get() != null)
            {
                reactor.get().close();
            }
        }
        return new ReactorRun(report, reactor.get(), console.toString());
    }

    private static QuickFixJReactor start(final MarketEndpoints endpoints, final QuickFixJReactor.Mode mode)
    {
        try
        {
            return new QuickFixJReactor(endpoints.fixHost(), endpoints.fixPort(), endpoints.compId(), SYMBOLS, mode);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("QuickFIX/J did not start against " + endpoints, ex);
        }
    }
}
