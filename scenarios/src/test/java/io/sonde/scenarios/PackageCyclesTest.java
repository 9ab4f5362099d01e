package io.sonde.scenarios;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every package of this module depends on another one way only, so each can be read, tested and moved on its own:
 * a cycle would make two packages one in all but name. Each package is a slice of its own (a subpackage is another),
 * and only this module's main classes are imported (its build output, never a stale jar of it).
 * <p>
 * One cycle is known and waits for the HTML report's split: {@code history trend} draws its page with the report's
 * {@code TrendPage} (which shares {@code SvgPlot} and {@code Html} with {@code HtmlReport}), while
 * {@code sonde report} takes run ids through {@code history.HistoryFolders}. Moving {@code SvgPlot} and {@code Html}
 * to a package of their own, and {@code TrendPage} into {@code history}, ends it; then this exception goes.
 */
class PackageCyclesTest
{
    private static final Path MAIN_CLASSES = Path.of("target", "classes");
    private static final String HISTORY_TREND = "io.sonde.scenarios.history.HistoryTrendCommand";
    private static final String TREND_PAGE = "io.sonde.scenarios.report.TrendPage";

    @Test
    void noTwoPackagesDependOnEachOther()
    {
        final JavaClasses main = new ClassFileImporter().importPath(MAIN_CLASSES);
        assertFalse(main.isEmpty(), "no classes found under " + MAIN_CLASSES.toAbsolutePath());

        slices().matching("io.sonde.(**)").should().beFreeOfCycles()
            .ignoreDependency(
                describe("history trend", type -> type.getName().equals(HISTORY_TREND)),
                describe("its page", type -> type.getName().startsWith(TREND_PAGE)))
            .check(main);
    }
}
