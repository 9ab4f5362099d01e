package io.sonde.scenarios;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every package of this module depends on another one way only, so each can be read, tested and moved on its own:
 * a cycle would make two packages one in all but name. Each package is a slice of its own (a subpackage is another),
 * and only this module's main classes are imported (its build output, never a stale jar of it).
 */
class PackageCyclesTest
{
    private static final Path MAIN_CLASSES = Path.of("target", "classes");

    @Test
    void noTwoPackagesDependOnEachOther()
    {
        final JavaClasses main = new ClassFileImporter().importPath(MAIN_CLASSES);
        assertFalse(main.isEmpty(), "no classes found under " + MAIN_CLASSES.toAbsolutePath());

        slices().matching("io.sonde.(**)").should().beFreeOfCycles().check(main);
    }
}
