package io.sonde.build;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every package of a module depends on another one way only, so each can be read, tested and moved on its own:
 * a cycle would make two packages one in all but name. Each package is a slice of its own (a subpackage is another),
 * and only the module's main classes are imported (its build output, never a stale jar of it).
 * <p>
 * One copy serves every module: the root pom adds this folder to each module's test sources, and each module's
 * tests run it from the module's own folder. Generated code is left out: the codecs Artio generates from the FIX
 * dictionary (a message's decoder and its enums refer to each other by Artio's design) and the harness JMH
 * generates; nothing here edits them.
 */
class PackageCyclesTest
{
    private static final Path MAIN_CLASSES = Path.of("target", "classes");

    @Test
    void noTwoPackagesDependOnEachOther()
    {
        final JavaClasses main = new ClassFileImporter()
            .withImportOption(location -> !location.contains("/io/sonde/fix/codecs/"))
            .withImportOption(location -> !location.contains("/jmh_generated/"))
            .importPath(MAIN_CLASSES);
        assertFalse(main.isEmpty(), "no classes found under " + MAIN_CLASSES.toAbsolutePath());

        slices().matching("io.sonde.(**)").should().beFreeOfCycles().check(main);
    }
}
