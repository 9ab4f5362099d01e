package io.sonde.api;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.JavaWildcardType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's code compiles against the contract only: every public signature of the API (parameters, return types,
 * exceptions, fields, supertypes, and the type arguments inside each) names JDK types and {@code io.sonde.api}
 * types and nothing else, so Sonde can change its engine, its FIX library or its modules without breaking a user's
 * build.
 */
class ApiSignaturesTest
{
    private static final JavaClasses API = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.sonde.api");

    @Test
    void theApiJarHoldsTheContractPackageOnly()
    {
        final Set<String> packages = new TreeSet<>();
        API.forEach(type -> packages.add(type.getPackageName()));
        assertEquals(Set.of("io.sonde.api"), packages);
    }

    @Test
    void everyPublicSignatureNamesJdkAndApiTypesOnly()
    {
        final List<String> exposures = new ArrayList<>();
        for (final JavaClass type : API)
        {
            if (type.getModifiers().contains(JavaModifier.PUBLIC))
            {
                exposures.addAll(exposures(type));
            }
        }
        assertEquals(List.of(), exposures);
    }

    @Test
    void theCheckLooksInsideTypeArgumentsAndSupertypes()
    {
        final JavaClass probe = new ClassFileImporter().importClasses(Exposing.class).get(Exposing.class);
        assertEquals(Stream.of(
            Exposing.class.getName() + " extends or implements java.util.function.Supplier<java.util.List<" +
                "com.tngtech.archunit.core.domain.JavaClass>>",
            "field " + Exposing.class.getName() + ".fields is java.util.Map<java.lang.String, ? extends " +
                "com.tngtech.archunit.core.domain.JavaField>",
            Exposing.class.getName() + ".get() returns java.util.List<com.tngtech.archunit.core.domain.JavaClass>")
            .sorted().toList(), exposures(probe).stream().sorted().toList());
        assertTrue(allowed(new ClassFileImporter().importClasses(Option.class).get(Option.class)));
    }

    /**
     * @return each public member of {@code type} and each of its supertypes that names a type outside the JDK and
     *         the API.
     */
    private static List<String> exposures(final JavaClass type)
    {
        final List<String> found = new ArrayList<>();
        final List<JavaType> supertypes = new ArrayList<>(type.getInterfaces());
        type.getSuperclass().ifPresent(supertypes::add);
        supertypes.stream().filter(supertype -> !allowed(supertype))
            .forEach(supertype -> found.add(type.getName() + " extends or implements " + supertype.getName()));
        for (final JavaField field : type.getFields())
        {
            if (field.getModifiers().contains(JavaModifier.PUBLIC) && !allowed(field.getType()))
            {
                found.add("field " + field.getFullName() + " is " + field.getType().getName());
            }
        }
        for (final JavaCodeUnit unit : type.getCodeUnits())
        {
            if (!unit.getModifiers().contains(JavaModifier.PUBLIC))
            {
                continue;
            }
            unit.getParameterTypes().stream().filter(parameter -> !allowed(parameter))
                .forEach(parameter -> found.add(unit.getFullName() + " takes " + parameter.getName()));
            if (!allowed(unit.getReturnType()))
            {
                found.add(unit.getFullName() + " returns " + unit.getReturnType().getName());
            }
            unit.getThrowsClause().getTypes().stream().filter(thrown -> !allowed(thrown))
                .forEach(thrown -> found.add(unit.getFullName() + " throws " + thrown.getName()));
        }
        return found;
    }

    /**
     * @return whether the type, its element type and every type argument inside it are JDK or API types.
     */
    private static boolean allowed(final JavaType type)
    {
        if (type instanceof JavaParameterizedType parameterized)
        {
            return allowed(parameterized.toErasure()) &&
                parameterized.getActualTypeArguments().stream().allMatch(ApiSignaturesTest::allowed);
        }
        if (type instanceof JavaWildcardType wildcard)
        {
            return wildcard.getUpperBounds().stream().allMatch(ApiSignaturesTest::allowed) &&
                wildcard.getLowerBounds().stream().allMatch(ApiSignaturesTest::allowed);
        }
        if (!(type instanceof JavaClass))
        {
            return type.getAllInvolvedRawTypes().stream().allMatch(ApiSignaturesTest::allowed);
        }
        final JavaClass raw = (JavaClass)type;
        final JavaClass base = raw.isArray() ? raw.getBaseComponentType() : raw;
        final String name = base.getPackageName();
        return base.isPrimitive() || name.startsWith("java.") || name.equals("io.sonde.api");
    }

    /**
     * What the check must find: a foreign type only as a type argument, of a supertype, a field and a return type.
     */
    public abstract static class Exposing implements java.util.function.Supplier<List<JavaClass>>
    {
        public java.util.Map<String, ? extends JavaField> fields;

        public abstract List<JavaClass> get();
    }
}
