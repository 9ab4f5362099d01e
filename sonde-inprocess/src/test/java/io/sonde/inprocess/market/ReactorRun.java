package io.sonde.inprocess.market;

import io.sonde.api.MarketEndpoints;
import io.sonde.api.MarketSpec;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.inprocess.Sonde;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * One {@code Sonde.market} run in this JVM with a {@link QuickFixJReactor} as its application, started where the
 * market says it listens ({@code onMarketReady}) and closed once the run has ended. Market data goes over FIX only
 * (no UDP destination), so the run starts once the reactor has logged on and subscribed to every symbol.
 */
final class ReactorRun
{
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
            return new QuickFixJReactor(
                endpoints.fixHost(), endpoints.fixPort(), endpoints.compId(), TestMarkets.SYMBOLS, mode);
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("QuickFIX/J did not start against " + endpoints, ex);
        }
    }
}
