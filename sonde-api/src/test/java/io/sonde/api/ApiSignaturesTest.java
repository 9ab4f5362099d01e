package io.sonde.api;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's code compiles against Sonde's types only: nothing public in the API names an Artio or Aeron type (and
 * nothing in its public packages, the specs and {@code inprocess}, an Agrona one), so Sonde can change its engine
 * without breaking a user's build.
 */
class ApiSignaturesTest
{
    private static final JavaClasses API = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.sonde.api");

    @Test
    void noPublicSignatureOfTheApiNamesAnArtioOrAeronType()
    {
        assertEquals(List.of(), exposures(true, Set.of("uk.co.real_logic.artio", "io.aeron")));
    }

    @Test
    void noPublicSignatureOfTheApiPackagesNamesAnAgronaType()
    {
        assertEquals(List.of(), exposures(false, Set.of("org.agrona")));
    }

    @Test
    void theCheckSeesTheEnginesOwnAgronaIdleStrategies()
    {
        final List<String> engineExposures = exposures(true, Set.of("org.agrona"));
        assertTrue(engineExposures.contains("io.sonde.api.engine.IdleStrategies.newStrategy(io.sonde.api.IdleMode) " +
            "names org.agrona.concurrent.IdleStrategy"),
            "the engine is Sonde's own, not the API a user programs against; this proves the check looks: " +
            engineExposures);
    }

    /**
     * @param withEngine whether the engine the command line shares ({@code io.sonde.api.engine}) counts too.
     * @return every public member of a public type whose signature names a type of a forbidden package.
     */
    private static List<String> exposures(final boolean withEngine, final Set<String> forbidden)
    {
        final List<String> found = new ArrayList<>();
        for (final JavaClass type : API)
        {
            final boolean inScope = type.getPackageName().startsWith("io.sonde.api") &&
                (withEngine || !type.getPackageName().startsWith("io.sonde.api.engine"));
            if (!type.getModifiers().contains(JavaModifier.PUBLIC) || !inScope)
            {
                continue;
            }
            for (final JavaCodeUnit unit : type.getCodeUnits())
            {
                if (!unit.getModifiers().contains(JavaModifier.PUBLIC))
                {
                    continue;
                }
                final List<JavaClass> named = new ArrayList<>(unit.getRawParameterTypes());
                named.add(unit.getRawReturnType());
                named.addAll(unit.getThrowsClause().getTypes());
                named.stream().filter(t -> isForbidden(t, forbidden))
                    .forEach(t -> found.add(unit.getFullName() + " names " + t.getName()));
            }
            for (final JavaField field : type.getFields())
            {
                if (field.getModifiers().contains(JavaModifier.PUBLIC) && isForbidden(field.getRawType(), forbidden))
                {
                    found.add(field.getFullName() + " is a " + field.getRawType().getName());
                }
            }
        }
        return found;
    }

    private static boolean isForbidden(final JavaClass type, final Set<String> forbidden)
    {
        final JavaClass base = type.isArray() ? type.getBaseComponentType() : type;
        return forbidden.stream().anyMatch(prefix -> base.getPackageName().startsWith(prefix));
    }
}
